import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { HostedDetails } from '@portal/contract/servers/hosted';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { useCheckVerification, useResendVerification } from '../../api/hosted-settings';

/** Seconds left until `at`, counting down each second; 0 once passed or when there is none. */
function useSecondsUntil(at: string | null): number {
  const left = () => (at ? Math.max(0, Math.ceil((new Date(at).getTime() - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left reads `at`, the only input
  useEffect(() => {
    setSeconds(left());
    if (!at) return;
    const timer = window.setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}

/** The sender address and its domain's DMARC record, verified separately (spec-1 §4), with Resend. */
export function EmailVerification({ details, changed }: { details: HostedDetails; changed: boolean }) {
  const check = useCheckVerification();
  const resend = useResendVerification();
  const [status, setStatus] = useState({ sender: details.send_as_email_verified, dmarc: details.send_as_dmarc_verified });
  const [resendAt, setResendAt] = useState(details.verification_resend_at);
  const [sent, setSent] = useState(false);
  const wait = useSecondsUntil(resendAt);
  const refresh = check.mutate;
  // The DMARC record is looked up when the dialog opens.
  useEffect(() => {
    refresh(
      { target_hosted_server_id: details.id },
      {
        onSuccess: (r) => {
          setStatus({ sender: r.is_verified, dmarc: r.is_dmarc_verified });
          setResendAt(r.verification_resend_at);
        },
      },
    );
  }, [details.id, refresh]);
  const badge = (ok: boolean) => (ok ? <Badge color="green">Verified</Badge> : <Badge color="orange">Not verified</Badge>);
  return (
    <Stack gap="xs" mt="sm">
      <Title order={3} size="h5">
        Email verification
      </Title>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">Sender address {details.send_as_email_address}</Text>
        {badge(status.sender)}
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">DMARC record of {details.send_as_email_address.split('@')[1]}</Text>
        {badge(status.dmarc)}
      </Group>
      {changed ? (
        <Text size="sm" c="dimmed">
          Save your changes to verify the new address.
        </Text>
      ) : null}
      <Group gap="sm">
        {!status.sender ? (
          <Button
            variant="default"
            size="xs"
            disabled={wait > 0 || changed}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { target_hosted_server_id: details.id },
                {
                  onSuccess: (r) => {
                    setResendAt(r.verification_resend_at);
                    setSent(true);
                  },
                },
              )
            }
          >
            {wait > 0 ? `Resend verification email (${wait} s)` : 'Resend verification email'}
          </Button>
        ) : null}
        <Button
          variant="subtle"
          size="xs"
          loading={check.isPending}
          onClick={() =>
            refresh(
              { target_hosted_server_id: details.id },
              { onSuccess: (r) => setStatus({ sender: r.is_verified, dmarc: r.is_dmarc_verified }) },
            )
          }
        >
          Check again
        </Button>
      </Group>
      {sent ? (
        <Text size="sm" role="status">
          Verification email sent to {details.send_as_email_address}.
        </Text>
      ) : null}
      {resend.error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorMessage(resend.error)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        DNS changes can take up to 72 hours.
      </Text>
    </Stack>
  );
}
