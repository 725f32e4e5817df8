import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { LoginStepHeader } from './login-step-header';

interface LoginWebauthnStepProps {
  email: string;
  pending: boolean;
  onUseDevice: () => void;
  onBack: () => void;
  onUsePassphrase: () => void;
}

/** The browser asks for the key only after a click: some browsers refuse WebAuthn without a user gesture. */
export function LoginWebauthnStep({ email, pending, onUseDevice, onBack, onUsePassphrase }: LoginWebauthnStepProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);

  return (
    <Stack>
      {email && <LoginStepHeader email={email} onChangeEmail={onBack} />}
      <Text size="sm">This account is protected by a security key or passkey. Use it to finish signing in.</Text>
      <Button ref={button} leftSection={<IconKey size={18} aria-hidden />} loading={pending} onClick={onUseDevice}>
        Use security key
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onUsePassphrase}>
        Use recovery passphrase instead
      </Anchor>
    </Stack>
  );
}
