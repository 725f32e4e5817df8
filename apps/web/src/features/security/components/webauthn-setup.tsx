import { Alert, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { enableWebauthn } from '@portal/contract/security/two-factor';
import { useContractForm } from '../../../components/form/use-contract-form';
import { isApiError } from '../../../lib/api-error';
import { useRegisterWebauthn, WebauthnUnsupportedError } from '../api';

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
  const register = useRegisterWebauthn();
  // The browser's answer to the challenge is added once the user has touched the key.
  const form = useContractForm(enableWebauthn, { initialValues: { device_name: '' }, fields: ['device_name'] });
  const failure = register.isError ? failureMessage(register.error) : null;

  const submit = form.onSubmit(({ device_name }) => register.mutate(device_name || DEFAULT_DEVICE_NAME, { onSuccess: () => form.reset() }));

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset legend="Security key or passkey">
        <Stack>
          <Text size="sm">Use a hardware security key, or a passkey kept by this device or your password manager.</Text>
          <TextInput label="Device name" placeholder={DEFAULT_DEVICE_NAME} maw={320} {...form.textProps('device_name')} />
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
