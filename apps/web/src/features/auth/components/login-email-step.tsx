import { Button, TextInput } from '@mantine/core';
import { LoginStepForm, useFocusOnMount } from './login-step-form';

interface LoginEmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  error: string | undefined;
  /** The contract's limit for the field. */
  maxLength: number | undefined;
  pending: boolean;
  onSubmit: () => void;
}

export function LoginEmailStep({ email, onEmailChange, error, maxLength, pending, onSubmit }: LoginEmailStepProps) {
  const input = useFocusOnMount<HTMLInputElement>();
  // Coming back from the password step, put the cursor where the user wants to type.

  return (
    <LoginStepForm onSubmit={onSubmit}>
      <TextInput
        ref={input}
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => onEmailChange(event.currentTarget.value)}
        error={error}
        maxLength={maxLength}
      />
      <Button type="submit" loading={pending}>
        Next
      </Button>
    </LoginStepForm>
  );
}
