import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef } from 'react';

interface LoginEmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  error: string | undefined;
  pending: boolean;
  onSubmit: () => void;
}

export function LoginEmailStep({ email, onEmailChange, error, pending, onSubmit }: LoginEmailStepProps) {
  const input = useRef<HTMLInputElement>(null);
  // Coming back from the password step, put the cursor where the user wants to type.
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
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
        />
        <Button type="submit" loading={pending}>
          Next
        </Button>
      </Stack>
    </form>
  );
}
