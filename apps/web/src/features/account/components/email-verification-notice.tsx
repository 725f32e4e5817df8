import { Alert, Button, Stack, Text } from '@mantine/core';
import { isApiError } from '../../../lib/api-error';
import { useResendVerificationEmail } from '../../auth/api';

function failureMessage(error: unknown): string {
  const reason = isApiError(error) && error.message !== '' ? error.message : 'Unknown error';
  return `Failed to send verification email: ${reason}`;
}

/** Shown while the user's email is unverified, with a way to send the link again. */
export function EmailVerificationNotice({ email }: { email: string }) {
  const resend = useResendVerificationEmail();
  return (
    <Alert color="yellow" title="Please verify your email address">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{`We sent a verification link to ${email}. Follow it to confirm this address.`}</Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend verification email
        </Button>
        {resend.isSuccess && (
          <Text size="sm" role="status" fw={500}>
            Verification email resent successfully.
          </Text>
        )}
        {resend.isError && (
          <Text size="sm" role="alert" fw={500}>
            {failureMessage(resend.error)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
