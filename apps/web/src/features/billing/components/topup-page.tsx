import { Alert, Stack, Text, Title } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';

interface TopupPageProps {
  state: CompanyState;
}

/** Where suspended users land after login; the payment options join this page with the billing issue. */
export function TopupPage({ state }: TopupPageProps) {
  return (
    <Stack maw={640}>
      <Title order={1}>Top up</Title>
      {state === 'SUSPENDED' && (
        <Alert color="orange" title="Account suspended">
          Your account is suspended because it has run out of credit. Add credit to resume your services.
        </Alert>
      )}
      <Text>Credit is held in US dollars and used daily for the services on your account.</Text>
    </Stack>
  );
}
