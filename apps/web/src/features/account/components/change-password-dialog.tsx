import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { changePassword } from '@portal/contract/account/password';
import { type FormEvent, useRef, useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { passwordStrengthProps } from '../../../components/form/password-strength-hint';
import { useContractForm } from '../../../components/form/use-contract-form';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { PASSWORD_CHANGED, sendReauthentication, useChangePassword } from '../../auth/api';
import { Modal } from '../../../components/modal/modal';

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  mismatch: 'The passwords do not match',
} as const;

interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user's email (for password managers) and name: a new password must not be built from them. */
  email: string;
  contactName: string;
}

/** Change password inside My account: the current password, the new one twice, and a strength hint. */
export function ChangePasswordDialog({ opened, onClose, email, contactName }: ChangePasswordDialogProps) {
  // A form dialog takes the whole screen on a phone (docs/design.md).
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} fullScreen={phone} title="Change password" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <ChangePasswordForm email={email} contactName={contactName} onDone={onClose} />}
    </Modal>
  );
}

type LocalField = 'current_password' | 'confirm_password';

function ChangePasswordForm({ email, contactName, onDone }: { email: string; contactName: string; onDone: () => void }) {
  const change = useChangePassword();
  const form = useContractForm(changePassword, {
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    serverError: change.error,
  });
  const [localErrors, setLocalErrors] = useState<Partial<Record<LocalField, string>>>({});
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);
  const { current_password, new_password, confirm_password } = form.values;

  /**
   * The current password is proven with the sign-in check the other risky actions use (/api/v1/user/reauth):
   * it is throttled and audited like a sign-in, and a fresh check is what the change call requires
   * (docs/decisions/0014-change-password-in-the-app.md).
   */
  const confirmThenChange = async (input: { new_password: string }) => {
    setChecking(true);
    try {
      await sendReauthentication({ target_password: current_password });
    } catch (error) {
      setChecking(false);
      form.setValue('current_password', '');
      currentInput.current?.focus();
      const fieldError = isApiError(error) ? error.fields.target_password : undefined;
      if (fieldError) setLocalErrors({ current_password: fieldError });
      else setCheckFailure(errorMessage(error));
      return;
    }
    setChecking(false);
    change.mutate(input, {
      onSuccess: () => {
        notifySuccess(PASSWORD_CHANGED);
        onDone();
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCheckFailure(null);
    const problems: Partial<Record<LocalField, string>> = {};
    if (!current_password) problems.current_password = CHANGE_PASSWORD_MESSAGES.currentRequired;
    if (confirm_password !== new_password) problems.confirm_password = CHANGE_PASSWORD_MESSAGES.mismatch;
    const input = form.check({ new_password });
    setLocalErrors(problems);
    if (input && Object.keys(problems).length === 0) void confirmThenChange(input);
  };

  const alert = checkFailure ?? form.alert;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          ref={currentInput}
          data-autofocus
          label="Current password"
          autoComplete="current-password"
          required
          {...form.textProps('current_password')}
          maxLength={1024}
          error={localErrors.current_password}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.textProps('new_password')}
          {...passwordStrengthProps(new_password, [email, contactName])}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.textProps('confirm_password')}
          maxLength={1024}
          error={localErrors.confirm_password}
        />
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={checking || change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
