import { Anchor, Button, Text, Textarea } from '@mantine/core';
import { RECOVERY_PASSPHRASE_WORDS } from '@portal/contract/shared/security-constants';
import { LoginStepForm, useFocusOnMount } from './login-step-form';
import { LoginStepHeader } from './login-step-header';

interface LoginPassphraseStepProps {
  email: string;
  passphrase: string;
  onPassphraseChange: (passphrase: string) => void;
  error: string | undefined;
  /** The contract's limit for the field. */
  maxLength: number | undefined;
  pending: boolean;
  onSubmit: () => void;
  onBack: () => void;
  onUsePassword: () => void;
}

export function LoginPassphraseStep({
  email,
  passphrase,
  onPassphraseChange,
  error,
  maxLength,
  pending,
  onSubmit,
  onBack,
  onUsePassword,
}: LoginPassphraseStepProps) {
  const input = useFocusOnMount<HTMLTextAreaElement>();

  return (
    <LoginStepForm onSubmit={onSubmit}>
      <LoginStepHeader email={email} onChangeEmail={onBack} />
      <Text size="sm">
        Enter the {RECOVERY_PASSPHRASE_WORDS}-word recovery passphrase you saved when you set it up, words separated by spaces.
      </Text>
      <Textarea
        ref={input}
        label="Recovery passphrase"
        name="recovery_passphrase"
        autoComplete="off"
        spellCheck={false}
        rows={3}
        required
        value={passphrase}
        onChange={(event) => onPassphraseChange(event.currentTarget.value)}
        error={error}
        maxLength={maxLength}
      />
      <Button type="submit" loading={pending}>
        Log in
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onUsePassword}>
        Use password instead
      </Anchor>
    </LoginStepForm>
  );
}
