import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { changePassword } from '@portal/contract/account/password';
import { PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { passwordStrengthProps } from '../../../components/form/password-strength-hint';
import { useContractForm } from '../../../components/form/use-contract-form';
import { usePageTitle } from '../../../components/page/page-header';
import { isApiError } from '../../../lib/api-error';
import { PASSWORD_CHANGED, useAuthContext, useChangePassword, useResetPassword } from '../api';
import { withReauth } from '../api/reauth';
import { roleHome } from '../role-home';

export const INVALID_RESET_LINK = `This password reset link is invalid or has expired. Reset links expire after ${PASSWORD_RESET_TOKEN_MINUTES} minutes.`;
export const PASSWORD_CHANGED_REDIRECT_SECONDS = 3;

/** Answers that mean the link itself is no good, as opposed to the new password or the server. */
const BAD_TOKEN_CODES = new Set([400, 401, 403, 404, 410]);

interface UpdatePasswordPageProps {
  /** The reset token from the mailed link (the t search parameter). */
  token?: string | undefined;
}

/**
 * Change password when signed in, Reset password with a mailed token, otherwise the invalid-link message.
 * The app's own way to change a password is on My account (current password, confirmation); this page
 * keeps the spec's one-field form for links and bookmarks (docs/decisions/0014-change-password-in-the-app.md).
 */
export function UpdatePasswordPage({ token }: UpdatePasswordPageProps) {
  const { data: auth } = useAuthContext();
  const [tokenRefused, setTokenRefused] = useState(false);
  const [doneGoTo, setDoneGoTo] = useState<string | null>(null);
  // A change needs a recent sign-in check; when the last is too old, the user confirms it is them and it goes on.
  const change = useChangePassword((send) => withReauth(send));
  const reset = useResetPassword();
  // Both calls take the same new_password; a reset adds the link's token, and a refused token shows as an invalid link.
  const form = useContractForm(changePassword, { initialValues: { new_password: '' }, serverError: auth ? change.error : reset.error });
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);

  const mode = auth ? 'change' : token && !tokenRefused ? 'reset' : 'invalid';

  useEffect(() => {
    if (mode !== 'invalid' && doneGoTo === null) input.current?.focus();
  }, [mode, doneGoTo]);

  useEffect(() => {
    if (doneGoTo === null) return;
    const timer = setTimeout(() => router.history.push(doneGoTo), PASSWORD_CHANGED_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [doneGoTo, router]);

  const submit = form.onSubmit(({ new_password }) => {
    if (auth) {
      change.mutate({ new_password }, { onSuccess: () => setDoneGoTo(roleHome(auth)) });
      return;
    }
    reset.mutate(
      { email_token: token ?? '', new_password },
      {
        onSuccess: () => setDoneGoTo('/login'),
        onError: (error) => {
          if (isApiError(error) && BAD_TOKEN_CODES.has(error.code) && !error.fields.new_password) setTokenRefused(true);
        },
      },
    );
  });

  const title = mode === 'change' ? 'Change password' : 'Reset password';
  usePageTitle(title);

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={460} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {doneGoTo !== null ? (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
            {PASSWORD_CHANGED}
          </Alert>
        ) : mode === 'invalid' ? (
          <>
            <Alert color="red" role="alert">
              {INVALID_RESET_LINK}
            </Alert>
            <Anchor component={Link} to="/forgot_password">
              Request a new reset link
            </Anchor>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <FormErrorAlert message={form.alert} />
              <Text size="sm">Choose a new password.</Text>
              {/* Lets password managers file the new password under the right account. */}
              {auth && <input type="email" name="username" autoComplete="username" value={auth.email} readOnly hidden />}
              <PasswordInput
                ref={input}
                label="New password"
                name="new_password"
                autoComplete="new-password"
                required
                {...form.textProps('new_password')}
                {...passwordStrengthProps(form.values.new_password, auth ? [auth.email, auth.contact_name] : [])}
              />
              <Button type="submit" loading={change.isPending || reset.isPending}>
                {title}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
