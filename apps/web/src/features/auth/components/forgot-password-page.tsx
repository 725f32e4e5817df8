import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgotPassword } from '@portal/contract/account/password';
import { PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useForgotPassword } from '../api';
import { BotCheck } from './bot-check';
import { usePageTitle } from '../../../components/page/page-header';

export const FORGOT_PASSWORD_SENT = `If an account exists for that address, we have sent a link to reset its password. The link expires after ${PASSWORD_RESET_TOKEN_MINUTES} minutes.`;

export function ForgotPasswordPage() {
  const [payload, setPayload] = useState<string | null>(null);
  // A challenge is good for one request: a refused one is replaced by a fresh widget.
  const [botCheckKey, setBotCheckKey] = useState(0);
  const mutation = useForgotPassword();
  const form = useContractForm(forgotPassword, {
    initialValues: { target_user: '' },
    toInput: (values) => ({ target_user: values.target_user.trim(), recaptcha: payload ?? '' }),
    serverError: mutation.error,
  });
  const sent = mutation.isSuccess;
  const input = useRef<HTMLInputElement>(null);
  usePageTitle('Forgot password');
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const submit = form.onSubmit((input) =>
    mutation.mutate(input, {
      onError: () => {
        setPayload(null);
        setBotCheckKey((key) => key + 1);
      },
    }),
  );

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={460} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          Forgot password
        </Title>
        {sent ? (
          <Alert ref={confirmation} tabIndex={-1} color="teal" icon={<IconMailCheck aria-hidden />} role="status" title="Check your email">
            {FORGOT_PASSWORD_SENT}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">Enter the email address you sign in with and we will send you a link to choose a new password.</Text>
              <FormErrorAlert message={form.alert} />
              <TextInput
                ref={input}
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                required
                {...form.textProps('target_user')}
              />
              <BotCheck key={botCheckKey} onChange={setPayload} error={form.errors.recaptcha} />
              <Button type="submit" loading={mutation.isPending}>
                Send reset link
              </Button>
            </Stack>
          </form>
        )}
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" search={{ method: 'recovery_passphrase' }} />}>
          Sign in with your recovery passphrase instead
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          Back to log in
        </Anchor>
      </Stack>
    </Paper>
  );
}
