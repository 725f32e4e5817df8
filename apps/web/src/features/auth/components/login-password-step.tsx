import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef } from 'react';

interface LoginPasswordStepProps {
  email: string;
  password: string;
  onPasswordChange: (password: string) => void;
  error: string | undefined;
  pending: boolean;
  onSubmit: () => void;
  onBack: () => void;
}

export function LoginPasswordStep({ email, password, onPasswordChange, error, pending, onSubmit, onBack }: LoginPasswordStepProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" gap="xs">
          <Text size="sm" truncate="end">
            {email}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Change email
          </Anchor>
        </Group>
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
          // Mantine's default name contains 'password', which makes the label ambiguous for tools and screen readers.
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
        />
        <Button type="submit" loading={pending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
