import { Button, Code, Fieldset, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { enableTotp } from '@portal/contract/security/two-factor';
import { TOTP_DIGITS } from '@portal/contract/shared/security';
import { useEffect, useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useEnableTotp } from '../api';
import { generateTotpSecret, groupSecret, otpauthUri } from './totp-secret';

/** Turn on two-factor with an authenticator app: scan (or type) a secret made here, then prove it with a code. */
export function TotpSetup({ email }: { email: string }) {
  const [secret] = useState(generateTotpSecret);
  const [qr, setQr] = useState<string | null>(null);
  const enable = useEnableTotp();
  const form = useContractForm(enableTotp, {
    initialValues: { totp_verify_code: '' },
    toInput: (values) => ({ totp_secret: secret, totp_verify_code: values.totp_verify_code.trim() }),
    serverError: enable.error,
  });
  const uri = otpauthUri(email, secret);

  useEffect(() => {
    let current = true;
    // The QR code library loads only when the authenticator app is being set up.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [uri]);

  return (
    <form onSubmit={form.onSubmit((input) => enable.mutate(input))} noValidate>
      <Fieldset legend="Authenticator app">
        <Stack>
          <Text size="sm">
            Scan this QR code with your authenticator app, or enter the secret by hand, then type the 6-digit code it shows.
          </Text>
          <Group align="flex-start">
            {qr && <Image src={qr} alt="QR code for your authenticator app" w={200} h={200} />}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="totp-secret-label">
                Secret
              </Text>
              <Code aria-labelledby="totp-secret-label" fz="md">
                {groupSecret(secret)}
              </Code>
            </Stack>
          </Group>
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maw={200}
            {...form.textProps('totp_verify_code')}
            maxLength={TOTP_DIGITS}
            error={form.errors.totp_verify_code ?? form.errors.totp_secret}
          />
          <FormErrorAlert message={form.alert} />
          <Group>
            <Button type="submit" loading={enable.isPending}>
              Enable authenticator app
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
