import { Alert, Loader, Stack, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-error';
import { useAccountSettings } from '../api';
import { AccountSettingsForm } from './account-settings-form';
import { ActiveSessions } from './active-sessions';
import { EmailVerificationNotice } from './email-verification-notice';

/** /myaccount: the user's and company's details, alert preferences and signed-in sessions. */
export function AccountPage() {
  const settings = useAccountSettings();
  return (
    <Stack maw={960}>
      <Title order={1}>My Account</Title>
      {settings.error && (
        <Alert color="red" role="alert" title="Error">
          {errorMessage(settings.error)}
        </Alert>
      )}
      {settings.isPending && <Loader aria-label="Loading account settings" />}
      {settings.data && (
        <>
          {!settings.data.user_email_verified && <EmailVerificationNotice email={settings.data.user_email} />}
          <AccountSettingsForm settings={settings.data} />
        </>
      )}
      <ActiveSessions />
    </Stack>
  );
}
