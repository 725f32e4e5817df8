import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { reauthenticate } from '@portal/contract/auth/sessions';
import { REAUTH_REQUIRED, TOTP_DIGITS, type TwoFactorMethod } from '@portal/contract/shared/security';
import { useRef, useState } from 'react';
import { newModalId, settleOnce } from '../../../../components/confirm/settle-once';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { sendReauthentication } from '../../api';

export interface ReauthOptions {
  /** The user's second factor; with an authenticator app the prompt asks for its code first. */
  method?: TwoFactorMethod | undefined;
}

type Mode = 'password' | 'code';

interface ReauthBodyProps {
  initialMode: Mode;
  onDone: (confirmed: boolean) => void;
}

function ReauthBody({ initialMode, onDone }: ReauthBodyProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [serverError, setServerError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const form = useContractForm(reauthenticate, {
    initialValues: { target_password: '', target_totp_code: '' },
    // Only the field on screen is sent; an empty one is checked too, so it gets the contract's message.
    toInput: (values) =>
      mode === 'password' ? { target_password: values.target_password } : { target_totp_code: values.target_totp_code.trim() },
    serverError,
  });

  const passwordInput = useRef<HTMLInputElement>(null);

  const confirm = async (input: Parameters<typeof sendReauthentication>[0]) => {
    setPending(true);
    try {
      await sendReauthentication(input);
      onDone(true);
    } catch (error) {
      setServerError(error);
      // A refused password is cleared, ready for the next try.
      if (input.target_password !== undefined) {
        form.setValue('target_password', '');
        passwordInput.current?.focus();
      }
    } finally {
      setPending(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'password' ? 'code' : 'password');
    form.clearErrors();
  };

  const field = mode === 'password' ? form.textProps('target_password') : form.textProps('target_totp_code');

  return (
    <form onSubmit={form.onSubmit((input) => void confirm(input))} noValidate>
      <Stack>
        <Text size="sm">{REAUTH_REQUIRED.message}</Text>
        {mode === 'password' ? (
          <PasswordInput ref={passwordInput} data-autofocus label="Password" autoComplete="current-password" {...field} />
        ) : (
          <TextInput
            data-autofocus
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...field}
            maxLength={TOTP_DIGITS}
          />
        )}
        <Anchor component="button" type="button" size="sm" onClick={switchMode}>
          {mode === 'password' ? 'Use a code from my authenticator app instead' : 'Use my password instead'}
        </Anchor>
        <FormErrorAlert message={form.alert} />
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
