import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { TOTP_DIGITS } from '@portal/contract/shared/security-constants';
import { LoginStepForm, useFocusOnMount } from './login-step-form';
import { LoginStepHeader } from './login-step-header';

interface LoginTotpStepProps {
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  error: string | undefined;
  pending: boolean;
  onSubmit: () => void;
  onBack: () => void;
  onUsePassphrase: () => void;
}

export function LoginTotpStep({ email, code, onCodeChange, error, pending, onSubmit, onBack, onUsePassphrase }: LoginTotpStepProps) {
  const input = useFocusOnMount<HTMLInputElement>();

  return (
    <LoginStepForm onSubmit={onSubmit}>
      {email && <LoginStepHeader email={email} onChangeEmail={onBack} />}
      <Text size="sm">Enter the {TOTP_DIGITS}-digit code from your authenticator app.</Text>
      <TextInput
        ref={input}
        label="Authentication code"
        name="totp_code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={TOTP_DIGITS}
        required
        value={code}
        onChange={(event) => onCodeChange(event.currentTarget.value.trim())}
        error={error}
      />
      <Button type="submit" loading={pending}>
        Verify
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onUsePassphrase}>
        Use recovery passphrase instead
      </Anchor>
    </LoginStepForm>
  );
}
