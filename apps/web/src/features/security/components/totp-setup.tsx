import { Button, Code, Fieldset, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { formErrorState } from '../../../components/form/form-errors';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useEnableTotp } from '../api/enable-totp';
import { generateTotpSecret, groupSecret, otpauthUri } from './totp-secret';

export const TOTP_CODE_MESSAGE = 'Please enter a 6-digit code';

/** Turn on two-factor with an authenticator app: scan (or type) a secret made here, then prove it with a code. */
export function TotpSetup({ email }: { email: string }) {
  const [secret] = useState(generateTotpSecret);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const enable = useEnableTotp();
  const errors = formErrorState(enable.error);
  const uri = otpauthUri(email, secret);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 })
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [uri]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The spec: six digits on this page, nothing more is checked in the browser.
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) return setCodeError(TOTP_CODE_MESSAGE);
    setCodeError(undefined);
    enable.mutate({ totp_secret: secret, totp_verify_code: trimmed });
  };

  return (
    <form onSubmit={submit} noValidate>
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
            maxLength={6}
            maw={200}
            value={code}
            error={codeError ?? errors.fields.totp_verify_code ?? errors.fields.totp_secret}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <FormErrorAlert message={errors.alert} />
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
