import { Paper, Stack, Title } from '@mantine/core';
import { zLoginInput } from '@portal/contract/auth/login';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { type FieldErrors, formErrorState, zodFieldErrors } from '../../../components/form/form-errors';
import { type LoginInput, type LoginResult, useLogin } from '../api/login';
import { destinationAfterLogin } from '../role-home';
import { LoginEmailStep } from './login-email-step';
import { LoginPasswordStep } from './login-password-step';

const UNSUPPORTED_STEP = 'This account needs a sign-in method that is not available here yet';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone.slice(0, 64) || undefined;
  } catch {
    return undefined;
  }
}

interface LoginPageProps {
  /** Where to go after signing in (the redirect_to search parameter); checked before use. */
  redirectTo?: string | undefined;
}

export function LoginPage({ redirectTo }: LoginPageProps) {
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin();
  const router = useRouter();
  const navigate = useNavigate();

  const follow = (result: LoginResult) => {
    if (result.type === 'password_required') {
      setStep('password');
    } else if (result.type === 'ok' && result.auth_context) {
      router.history.push(destinationAfterLogin(result.auth_context, redirectTo));
    } else if (result.type === 'reactivate_account') {
      void navigate({ to: '/pending_delete', search: { will_delete_at: result.will_delete_at ?? undefined } });
    } else {
      setAlert(UNSUPPORTED_STEP);
    }
  };

  const submit = async (input: LoginInput) => {
    setAlert(null);
    // The contract's own schema gives the spec's messages before anything is sent.
    const parsed = zLoginInput.safeParse(input);
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    try {
      follow(await loginMutation.mutateAsync(input));
    } catch (error) {
      const state = formErrorState(error);
      setAlert(state.alert);
      setFieldErrors(state.fields);
    }
  };

  const target_browser_timezone = browserTimeZone();
  const submitEmail = () => void submit({ target_type: 'email', target_user: email.trim(), target_browser_timezone });
  const submitPassword = () =>
    void submit({ target_type: 'password', target_user: email.trim(), target_password: password, target_browser_timezone });

  const back = () => {
    setStep('email');
    setPassword('');
    setAlert(null);
    setFieldErrors({});
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          Log in
        </Title>
        <FormErrorAlert message={alert} />
        {step === 'email' ? (
          <LoginEmailStep
            email={email}
            onEmailChange={setEmail}
            error={fieldErrors.target_user}
            pending={loginMutation.isPending}
            onSubmit={submitEmail}
          />
        ) : (
          <LoginPasswordStep
            email={email}
            password={password}
            onPasswordChange={setPassword}
            error={fieldErrors.target_password ?? fieldErrors.target_user}
            pending={loginMutation.isPending}
            onSubmit={submitPassword}
            onBack={back}
          />
        )}
      </Stack>
    </Paper>
  );
}
