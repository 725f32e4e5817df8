import { Alert, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useRegisterWebauthn, WebauthnUnsupportedError } from '../api/enable-webauthn';

export const WEBAUTHN_FAILED = 'Failed to register WebAuthn device';
const DEFAULT_DEVICE_NAME = 'Security key';

/** The spec's messages: unsupported browsers are told so; any other failure is a failed registration. */
function failureMessage(error: unknown): { title: string; detail: string | null } {
  if (error instanceof WebauthnUnsupportedError) return { title: error.message, detail: null };
  if (isApiError(error)) return { title: WEBAUTHN_FAILED, detail: error.message };
  // The browser's own reason (cancelled, timed out, key already registered) helps the user try again.
  return { title: WEBAUTHN_FAILED, detail: error instanceof Error && error.message !== '' ? error.message : null };
}

/** Register a security key or passkey through the browser's WebAuthn prompt. */
export function WebauthnSetup({ hasDevices }: { hasDevices: boolean }) {
  const [deviceName, setDeviceName] = useState('');
  const register = useRegisterWebauthn();
  const failure = register.isError ? failureMessage(register.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(deviceName.trim() || DEFAULT_DEVICE_NAME, { onSuccess: () => setDeviceName('') });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset legend="Security key or passkey">
        <Stack>
          <Text size="sm">Use a hardware security key, or a passkey kept by this device or your password manager.</Text>
          <TextInput
            label="Device name"
            placeholder={DEFAULT_DEVICE_NAME}
            maxLength={100}
            maw={320}
            value={deviceName}
            onChange={(event) => setDeviceName(event.currentTarget.value)}
          />
          {failure && (
            <Alert color="red" role="alert" title={failure.title}>
              {failure.detail}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={register.isPending}>
              {hasDevices ? 'Add another security key or passkey' : 'Add security key or passkey'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
