import { Stack } from '@mantine/core';
import { ActiveServicesTable } from '../active-services-table';

/** The company drawer's Manage services tab (customer companies): the company's running services. */
export function ManageServicesTab({ companyId }: { companyId: number }) {
  return (
    <Stack gap="sm">
      <ActiveServicesTable companyId={companyId} />
    </Stack>
  );
}
