import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { VERIFY_EMAIL_REDIRECT_SECONDS } from '@portal/contract/shared/security';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { type MouseEvent, useEffect } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useAuthContext, useResendVerificationEmail } from '../api';
import { safeRedirect } from '../role-home';
import { usePageTitle } from '../../../components/page/page-header';

export const VERIFY_EMAIL_MESSAGES = {
  verified: 'Thanks for verifying your email.',
  invalid: 'This email verification link is invalid or has expired.',
  resent: 'Verification email resent successfully.',
  resendFailed: 'Failed to send verification email: ',
  unknownError: 'Unknown error',
} as const;

const DEFAULT_REDIRECT = '/dashboard';

interface VerifyEmailPageProps {
  success: boolean;
  /** Where to go afterwards (the redirect_to search parameter); only paths on this site are followed. */
  redirectTo?: string | undefined;
}

export function VerifyEmailPage({ success, redirectTo }: VerifyEmailPageProps) {
  const router = useRouter();
  usePageTitle('Verify email');
  const { data: auth } = useAuthContext();
  const resend = useResendVerificationEmail();
  const destination = safeRedirect(redirectTo) ?? DEFAULT_REDIRECT;
  const seconds = success ? VERIFY_EMAIL_REDIRECT_SECONDS.success : VERIFY_EMAIL_REDIRECT_SECONDS.failure;

  useEffect(() => {
    const timer = setTimeout(() => router.history.push(destination), seconds * 1000);
    return () => clearTimeout(timer);
  }, [destination, seconds, router]);

  // redirect_to may carry its own query string, which the router takes only as a whole href.
  const continueNow = (event: MouseEvent) => {
    event.preventDefault();
    router.history.push(destination);
  };

  const resendFailure = resend.error
    ? VERIFY_EMAIL_MESSAGES.resendFailed +
      (isApiError(resend.error) && resend.error.message ? resend.error.message : VERIFY_EMAIL_MESSAGES.unknownError)
    : null;

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={460} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          Verify email
        </Title>
        {success ? (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {VERIFY_EMAIL_MESSAGES.verified}
          </Alert>
        ) : (
          <>
            <Alert color="red" role="alert">
              {VERIFY_EMAIL_MESSAGES.invalid}
            </Alert>
            {auth ? (
              <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate()} disabled={resend.isSuccess}>
                Resend verification email
              </Button>
            ) : (
              <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect_to: '/verify_email?success=0' }} />}>
                Resend verification email
              </Anchor>
            )}
            {resend.isSuccess && (
              <Text role="status" size="sm" c="teal.9">
                {VERIFY_EMAIL_MESSAGES.resent}
              </Text>
            )}
            {resendFailure && (
              <Text role="alert" size="sm" c="red.8">
                {resendFailure}
              </Text>
            )}
          </>
        )}
        <Text size="sm">
          You will be redirected in {seconds} seconds.{' '}
          <Anchor href={destination} onClick={continueNow}>
            Continue now
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
