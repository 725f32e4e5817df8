import { Anchor, Button, Group, PasswordInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LoginStepForm, useFocusOnMount } from './login-step-form';
import { LoginStepHeader } from './login-step-header';

interface LoginPasswordStepProps {
  email: string;
  password: string;
  onPasswordChange: (password: string) => void;
  error: string | undefined;
  /** The contract's limit for the field. */
  maxLength: number | undefined;
  pending: boolean;
  onSubmit: () => void;
  onBack: () => void;
  onUsePassphrase: () => void;
}

export function LoginPasswordStep({
  email,
  password,
  onPasswordChange,
  error,
  maxLength,
  pending,
  onSubmit,
  onBack,
  onUsePassphrase,
}: LoginPasswordStepProps) {
  const input = useFocusOnMount<HTMLInputElement>();

  return (
    <LoginStepForm onSubmit={onSubmit}>
      <LoginStepHeader email={email} onChangeEmail={onBack} />
      {/* Lets password managers pair the password with the email typed in the previous step. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        ref={input}
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={error}
        maxLength={maxLength}
        // Mantine's default name contains 'password', which makes the label ambiguous for tools and screen readers.
      />
      <Button type="submit" loading={pending}>
        Log in
      </Button>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to="/forgot_password" size="sm">
          Forgot password?
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onUsePassphrase}>
          Use recovery passphrase instead
        </Anchor>
      </Group>
    </LoginStepForm>
  );
}
