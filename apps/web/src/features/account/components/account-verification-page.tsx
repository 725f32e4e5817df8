import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api-error';
import { countryName } from '../../../lib/countries';
import { type AccountSettings, useAccountSettings } from '../api';
import { PageHeader } from '../../../components/page/page-header';
import { CardSkeleton } from '../../../components/page/page-skeleton';

function addressOf(settings: AccountSettings): string {
  const parts = [
    settings.company_address_street,
    settings.company_address_city,
    settings.company_address_postcode,
    settings.company_address_country === '' ? '' : countryName(settings.company_address_country),
  ];
  return parts.filter((part) => part.trim() !== '').join(', ');
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value || '(not set)'}
      </Text>
    </div>
  );
}

/** /myaccount_verification: the user checks the details we hold, then confirms or changes them. */
export function AccountVerificationPage() {
  const settings = useAccountSettings();
  const navigate = useNavigate();
  return (
    <Stack maw={640}>
      <PageHeader title="Confirm your details" description="Please check that these details are still correct." />
      {settings.error && (
        <Alert color="red" role="alert" title="Error">
          {errorMessage(settings.error)}
        </Alert>
      )}
      {settings.isPending && <CardSkeleton label="Loading account settings" />}
      {settings.data && (
        <>
          <Paper withBorder p="md">
            <Stack component="dl" gap="sm" m={0}>
              <Detail label="Email" value={settings.data.user_email} />
              <Detail label="Company" value={settings.data.company_name} />
              <Detail label="Phone" value={settings.data.company_phone_number} />
              <Detail label="Address" value={addressOf(settings.data)} />
            </Stack>
          </Paper>
          <Group>
            <Button onClick={() => void navigate({ to: '/' })}>Confirm details</Button>
            <Button variant="default" onClick={() => void navigate({ to: '/myaccount' })}>
              Change
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
