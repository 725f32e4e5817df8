import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useAccountSettings } from '../api';
import { AccountSettingsForm } from './account-settings-form';
import { ActiveSessions } from './active-sessions';
import { ChangePasswordDialog } from './change-password-dialog';
import { EmailVerificationNotice } from './email-verification-notice';
import { CardSkeleton } from '../../../components/page/page-skeleton';

/** /myaccount: the user's and company's details, their password, alert preferences and signed-in sessions. */
export function AccountPage() {
  const settings = useAccountSettings();
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <Stack maw={960} gap={0}>
      <PageHeader title="My account" description="Your sign-in details, alerts and company details, and where you are signed in." />
      <Stack>
        {settings.error && (
          <Alert color="red" role="alert" title="Error">
            {errorMessage(settings.error)}
          </Alert>
        )}
        {settings.isPending && <CardSkeleton label="Loading account settings" />}
        {settings.data && (
          <>
            {!settings.data.user_email_verified && <EmailVerificationNotice email={settings.data.user_email} />}
            <AccountSettingsForm settings={settings.data} onChangePassword={() => setChangingPassword(true)} />
            {/* Outside the settings form: a form may not hold another, and its submit must not save the settings. */}
            <ChangePasswordDialog
              opened={changingPassword}
              onClose={() => setChangingPassword(false)}
              email={settings.data.user_email}
              contactName={settings.data.user_contact_name}
            />
          </>
        )}
        <ActiveSessions />
      </Stack>
    </Stack>
  );
}
