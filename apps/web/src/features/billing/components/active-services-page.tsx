import { Card, Stack } from '@mantine/core';
import type { TableSearch } from '../../../components/data-table/table-search';
import { PageHeader } from '../../../components/page/page-header';
import { ActiveServicesTable } from './active-services-table';

interface ActiveServicesPageProps {
  search: TableSearch;
  onSearchChange: (search: TableSearch) => void;
}

/** /my_active_services: what the company runs and what each service costs (spec-2 §2.10). */
export function ActiveServicesPage({ search, onSearchChange }: ActiveServicesPageProps) {
  return (
    <>
      <PageHeader title="Active services" description="What your account runs, what each service costs and when it is charged next." />
      <Card>
        <Stack gap="sm">
          <ActiveServicesTable search={search} onSearchChange={onSearchChange} />
        </Stack>
      </Card>
    </>
  );
}
