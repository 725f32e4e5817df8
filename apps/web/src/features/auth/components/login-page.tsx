import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useCheckedForm } from '../../../components/form/use-checked-form';
import { type LoginInput, type LoginResult, useLogin } from '../api/session';
import { checkLoginInput, LOGIN_LIMITS } from '../login-input-check';
import { destinationAfterLogin } from '../role-home';
import { LoginEmailStep } from './login-email-step';
import { LoginPasswordStep } from './login-password-step';
import { usePageTitle } from '../../../components/page/page-header';

// The rarer steps (a second factor, the recovery passphrase) load when a sign-in may reach them, not with every
// visit to the page: their code starts loading with the first step sent (docs/decisions/0025).
const loadTotpStep = () => import('./login-totp-step');
const loadWebauthnStep = () => import('./login-webauthn-step');
const loadPassphraseStep = () => import('./login-passphrase-step');
const LoginTotpStep = lazy(() => loadTotpStep().then((module) => ({ default: module.LoginTotpStep })));
const LoginWebauthnStep = lazy(() => loadWebauthnStep().then((module) => ({ default: module.LoginWebauthnStep })));
const LoginPassphraseStep = lazy(() => loadPassphraseStep().then((module) => ({ default: module.LoginPassphraseStep })));

function preloadLaterSteps() {
  for (const load of [loadTotpStep, loadWebauthnStep, loadPassphraseStep]) void load().catch(() => undefined);
}

function StepLoading() {
  return (
    <Stack align="center" role="status" aria-label="Loading">
      <Loader size="sm" aria-hidden />
    </Stack>
  );
}

export const WEBAUTHN_MESSAGES = {
  failed: 'Failed to authenticate with WebAuthn device',
  unsupported: 'this browser does not support WebAuthn',
} as const;

const SSO_WITHOUT_ADDRESS = 'Single sign-on is not configured correctly for this account';

type Step = 'email' | 'email_token' | 'password' | 'recovery_passphrase' | 'totp' | 'webauthn';

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
  /** 'email_token' signs in with the link token `token`; 'recovery_passphrase' asks for the passphrase after the email. */
  method?: string | undefined;
  token?: string | undefined;
}

export function LoginPage({ redirectTo, method, token }: LoginPageProps) {
  const signInWithToken = method === 'email_token' && Boolean(token);
  const [step, setStep] = useState<Step>(signInWithToken ? 'email_token' : 'email');
  const [webauthnOptions, setWebauthnOptions] = useState<Record<string, unknown> | null>(null);
  const [deviceBusy, setDeviceBusy] = useState(false);
  const [preferPassphrase, setPreferPassphrase] = useState(method === 'recovery_passphrase');
  // Failures found in the browser (the security key, a missing sign-on address); the server's come through the form.
  const [localAlert, setAlert] = useState<string | null>(null);
  const loginMutation = useLogin();
  // Each step sends its own input (see submit), checked as the contract's schema checks it before it goes.
  const form = useCheckedForm<{ email: string; password: string; code: string; passphrase: string }, LoginInput>({
    checkInput: checkLoginInput,
    limits: LOGIN_LIMITS,
    initialValues: { email: '', password: '', code: '', passphrase: '' },
    // A refused sign-in link leads to /verify_email instead of an alert here.
    serverError: step === 'email_token' ? null : loginMutation.error,
  });
  const { email, password, code, passphrase } = form.values;
  const fieldErrors = form.errors;
  const alert = localAlert ?? form.alert;
  const router = useRouter();
  usePageTitle('Log in');
  const navigate = useNavigate();
  const target_browser_timezone = browserTimeZone();
  const target_user = email.trim() || undefined;

  const clearErrors = () => {
    setAlert(null);
    form.clearErrors();
  };

  const follow = (result: LoginResult) => {
    switch (result.type) {
      case 'password_required':
        setStep(preferPassphrase ? 'recovery_passphrase' : 'password');
        return;
      case 'totp_required':
        form.setValue('code', '');
        setStep('totp');
        return;
      case 'webauthn_required':
        setWebauthnOptions(result.webauthn_challenge);
        setStep('webauthn');
        return;
      case 'external_sso_required':
        if (result.redirect_url) window.location.assign(result.redirect_url);
        else setAlert(SSO_WITHOUT_ADDRESS);
        return;
      case 'reactivate_account':
        void navigate({ to: '/pending_delete', search: { will_delete_at: result.will_delete_at ?? undefined } });
        return;
      case 'ok':
        if (!result.auth_context) return;
        // The passphrase works once: /passphrase makes the new one at once, and says why.
        if (result.recovery_passphrase_used) void navigate({ to: '/passphrase', state: { passphraseUsed: true } });
        else router.history.push(destinationAfterLogin(result.auth_context, redirectTo));
        return;
    }
  };

  // A refused password is cleared and its field focused again (remounted by this count), ready for the next try.
  const [passwordRefusals, setPasswordRefusals] = useState(0);
  const submit = (input: LoginInput) => {
    preloadLaterSteps();
    setAlert(null);
    const checked = form.check(input);
    if (!checked) return;
    loginMutation.mutate(checked, {
      onSuccess: follow,
      onError: () => {
        if (checked.target_type !== 'password') return;
        form.setValue('password', '');
        setPasswordRefusals((count) => count + 1);
      },
    });
  };

  // A sign-in link from a mail signs in at once; the ref keeps a second effect run from spending the token twice.
  const tokenSent = useRef(false);
  const tokenInput = useRef<LoginInput>({ target_type: 'email_token', target_email_token: token, target_browser_timezone });
  const followRef = useRef(follow);
  followRef.current = follow;
  const { mutateAsync } = loginMutation;
  useEffect(() => {
    if (!signInWithToken || tokenSent.current) return;
    tokenSent.current = true;
    preloadLaterSteps();
    mutateAsync(tokenInput.current).then(
      (result) => followRef.current(result),
      () => void navigate({ to: '/verify_email', search: { success: 0 } }),
    );
  }, [signInWithToken, mutateAsync, navigate]);

  const submitEmail = () => submit({ target_type: 'email', target_user, target_browser_timezone });
  const submitPassword = () => submit({ target_type: 'password', target_user, target_password: password, target_browser_timezone });
  const submitCode = () => submit({ target_type: 'totp', target_user, target_totp_code: code, target_browser_timezone });
  const submitPassphrase = () =>
    submit({ target_type: 'recovery_passphrase', target_user, target_recovery_passphrase: passphrase, target_browser_timezone });

  const authenticateWithDevice = async () => {
    clearErrors();
    // Loaded only when someone signs in with a key, not with every visit to the login page.
    const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
    if (!browserSupportsWebAuthn()) {
      setAlert(WEBAUTHN_MESSAGES.unsupported);
      return;
    }
    setDeviceBusy(true);
    let response: string;
    try {
      const options = webauthnOptions as unknown as PublicKeyCredentialRequestOptionsJSON;
      response = JSON.stringify(await startAuthentication({ optionsJSON: options }));
    } catch {
      // Cancelled, timed out or no matching key: the browser does not say which, so neither do we.
      setAlert(WEBAUTHN_MESSAGES.failed);
      setDeviceBusy(false);
      return;
    }
    setDeviceBusy(false);
    submit({ target_type: 'webauthn', target_user, target_webauthn_response: response, target_browser_timezone });
  };

  const goTo = (next: Step) => {
    clearErrors();
    setStep(next);
  };
  const backToEmail = () => {
    form.setValues((values) => ({ ...values, password: '', code: '', passphrase: '' }));
    goTo('email');
  };
  const switchToPassphrase = () => {
    setPreferPassphrase(true);
    // Without an email (a sign-in link asked for a second factor) the passphrase step needs one first.
    if (target_user) goTo('recovery_passphrase');
    else backToEmail();
  };
  const switchToPassword = () => {
    setPreferPassphrase(false);
    goTo('password');
  };
  const pending = loginMutation.isPending;
  const errorFor = (field: string) => fieldErrors[field] ?? fieldErrors.target_user;

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          Log in
        </Title>
        <FormErrorAlert message={alert} />
        {step === 'email_token' && (
          <Stack align="center" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Signing you in…</Text>
          </Stack>
        )}
        {step === 'email' && (
          <LoginEmailStep
            email={email}
            onEmailChange={(value) => form.setValue('email', value)}
            error={fieldErrors.target_user}
            maxLength={form.maxLength('target_user')}
            pending={pending}
            onSubmit={submitEmail}
          />
        )}
        {step === 'password' && (
          <LoginPasswordStep
            key={passwordRefusals}
            email={email}
            password={password}
            onPasswordChange={(value) => form.setValue('password', value)}
            error={errorFor('target_password')}
            maxLength={form.maxLength('target_password')}
            pending={pending}
            onSubmit={submitPassword}
            onBack={backToEmail}
            onUsePassphrase={switchToPassphrase}
          />
        )}
        {step === 'totp' && (
          <Suspense fallback={<StepLoading />}>
            <LoginTotpStep
              email={email}
              code={code}
              onCodeChange={(value) => form.setValue('code', value)}
              error={errorFor('target_totp_code')}
              pending={pending}
              onSubmit={submitCode}
              onBack={backToEmail}
              onUsePassphrase={switchToPassphrase}
            />
          </Suspense>
        )}
        {step === 'webauthn' && (
          <Suspense fallback={<StepLoading />}>
            <LoginWebauthnStep
              email={email}
              pending={deviceBusy || pending}
              onUseDevice={() => void authenticateWithDevice()}
              onBack={backToEmail}
              onUsePassphrase={switchToPassphrase}
            />
          </Suspense>
        )}
        {step === 'recovery_passphrase' && (
          <Suspense fallback={<StepLoading />}>
            <LoginPassphraseStep
              email={email}
              passphrase={passphrase}
              onPassphraseChange={(value) => form.setValue('passphrase', value)}
              error={errorFor('target_recovery_passphrase')}
              maxLength={form.maxLength('target_recovery_passphrase')}
              pending={pending}
              onSubmit={submitPassphrase}
              onBack={backToEmail}
              onUsePassword={switchToPassword}
            />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
