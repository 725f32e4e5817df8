import { Alert, Stack } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import type { ReactNode } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page/page-header';

interface TopupPageProps {
  state: CompanyState;
  /** The payment options (cards, pay once, promo code), from the payments feature. */
  children?: ReactNode;
}

/** Where suspended users land after login; the route puts the payment options below. */
export function TopupPage({ state, children }: TopupPageProps) {
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Top up" description="Credit is held in US dollars and used daily for the services on your account." />
      {state === 'SUSPENDED' && (
        <Alert color="orange" title="Account suspended" icon={<IconAlertTriangle aria-hidden />}>
          Your account is suspended because it has run out of credit. Add credit to resume your services.
        </Alert>
      )}
      {children}
    </Stack>
  );
}
