import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { REAUTH_REQUIRED, type TwoFactorMethod, zTotpCode } from '@portal/contract/shared/security';
import { type FormEvent, useState } from 'react';
import { formErrorState } from '../form/form-errors';
import { FormErrorAlert } from '../form/form-error-alert';
import { newModalId, settleOnce } from '../confirm/settle-once';
import { type ReauthInput, sendReauthentication } from './reauthenticate';

export interface ReauthOptions {
  /** The user's second factor; with an authenticator app the prompt asks for its code first. */
  method?: TwoFactorMethod | undefined;
}

type Mode = 'password' | 'code';

const PASSWORD_REQUIRED = 'Please enter a password';

interface ReauthBodyProps {
  initialMode: Mode;
  onDone: (confirmed: boolean) => void;
}

function ReauthBody({ initialMode, onDone }: ReauthBodyProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const errors = formErrorState(serverError);

  const switchMode = () => {
    setMode(mode === 'password' ? 'code' : 'password');
    setLocalError(undefined);
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    let input: ReauthInput;
    if (mode === 'password') {
      if (password === '') return setLocalError(PASSWORD_REQUIRED);
      input = { target_password: password };
    } else {
      const parsed = zTotpCode.safeParse(code.trim());
      if (!parsed.success) return setLocalError(parsed.error.issues[0]?.message);
      input = { target_totp_code: parsed.data };
    }
    setLocalError(undefined);
    setPending(true);
    try {
      await sendReauthentication(input);
      onDone(true);
    } catch (error) {
      setServerError(error);
    } finally {
      setPending(false);
    }
  };

  const fieldError = localError ?? errors.fields.target_password ?? errors.fields.target_totp_code;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{REAUTH_REQUIRED.message}</Text>
        {mode === 'password' ? (
          <PasswordInput
            data-autofocus
            label="Password"
            autoComplete="current-password"
            maxLength={1024}
            value={password}
            error={fieldError}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          />
        ) : (
          <TextInput
            data-autofocus
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={fieldError}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        <Anchor component="button" type="button" size="sm" onClick={switchMode}>
          {mode === 'password' ? 'Use a code from my authenticator app instead' : 'Use my password instead'}
        </Anchor>
        <FormErrorAlert message={errors.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the password or a code and confirms it with the server; resolves false when cancelled. */
export function askToReauthenticate({ method }: ReauthOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = settleOnce(resolve);
    const modalId = newModalId('reauth');
    const done = (confirmed: boolean) => {
      settle(confirmed);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title: 'Confirm it is you',
      onClose: () => settle(false),
      children: <ReauthBody initialMode={method === 'totp' ? 'code' : 'password'} onDone={done} />,
    });
  });
}
