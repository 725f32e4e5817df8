import { Alert, Stack } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page/page-header';

interface TopupPageProps {
  state: CompanyState;
}

/** Where suspended users land after login; the payment options join this page with the billing issue. */
export function TopupPage({ state }: TopupPageProps) {
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Top up" description="Credit is held in US dollars and used daily for the services on your account." />
      {state === 'SUSPENDED' && (
        <Alert color="orange" title="Account suspended" icon={<IconAlertTriangle aria-hidden />}>
          Your account is suspended because it has run out of credit. Add credit to resume your services.
        </Alert>
      )}
    </Stack>
  );
}
