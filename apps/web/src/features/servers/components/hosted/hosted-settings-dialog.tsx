import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { HostedDetails } from '@portal/contract/servers/hosted';
import {
  DEFAULT_SMTP_PORT,
  SMTP_SECURITIES,
  SMTP_SECURITY_LABELS,
  type SmtpMode,
  type SmtpSecurity,
} from '@portal/contract/servers/hosted-settings';
import { useEffect, useRef, useState } from 'react';
import { useDiscardGuard } from '../../../../components/confirm/use-discard-guard';
import { DialogLoadError } from '../../../../components/feedback/dialog-load-error';
import { notifySuccess } from '../../../../components/feedback/notify';
import { Modal } from '../../../../components/modal/modal';
import { errorMessage, isApiError } from '../../../../lib/api-error';
import {
  hostedDetailsQuery,
  useCheckDns,
  useCheckVerification,
  useResendVerification,
  useTestSmtp,
  useUpdateBranding,
} from '../../api/hosted-settings';

interface Props {
  hostedId: number;
  serverName: string;
  onClose: () => void;
}

/**
 * Hosted server settings (spec-1 §2 dialogs, §3, §4 email verification, §5 SMTP, §8): tab Custom Domain (the
 * domain, whether it is used, Check DNS) and tab Email Setup (sender, SES or SMTP with a test, verification).
 */
export function HostedSettingsDialog({ hostedId, serverName, onClose }: Props) {
  const details = hostedDetailsQuery.useQuery({ target_hosted_server_id: hostedId });
  const dirty = useRef(false);
  const guard = useDiscardGuard(() => dirty.current, onClose);
  return (
    <Modal
      ref={guard.ref}
      opened
      onClose={guard.requestClose}
      title="Hosted server settings"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {details.data ? (
        <SettingsForm
          details={details.data}
          serverName={serverName}
          onDirty={(d) => {
            dirty.current = d;
          }}
          onCancel={guard.requestClose}
          onSaved={onClose}
        />
      ) : details.error ? (
        <DialogLoadError error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading settings" />
        </Group>
      )}
    </Modal>
  );
}

interface FormState {
  domain: string;
  useDomain: boolean;
  from: string;
  sendAs: string;
  mode: SmtpMode;
  host: string;
  port: number | string;
  username: string;
  password: string;
  security: SmtpSecurity;
  acceptInvalid: boolean;
}

const stateOf = (d: HostedDetails): FormState => ({
  domain: d.user_custom_dns,
  useDomain: d.use_custom_dns,
  from: d.send_as_email_address,
  sendAs: d.send_as_display_name,
  mode: d.smtp_mode,
  host: d.smtp_host,
  port: d.smtp_port || DEFAULT_SMTP_PORT,
  username: d.smtp_username,
  password: '',
  security: d.smtp_security,
  acceptInvalid: d.smtp_accept_invalid_certificate,
});

/** What a check answered: its text, green when it passed. */
type Check = { ok: boolean; text: string };

function CheckResult({ result }: { result: Check | null }) {
  if (!result) return null;
  return (
    <Text size="sm" c={result.ok ? 'var(--mantine-color-success)' : 'var(--mantine-color-error)'} role="status" fw={500}>
      {result.text}
    </Text>
  );
}

/**
 * A check button's outcome (Check DNS, Test SMTP): the server's verdict, or the failure's message unless the
 * failure names a field, whose input shows it instead.
 */
function useCheck<I, O>(
  mutation: { mutate(input: I, handlers: { onSuccess(o: O): void; onError(e: unknown): void }): void },
  verdict: (o: O) => Check,
) {
  const [result, setResult] = useState<Check | null>(null);
  const run = (input: I) => {
    setResult(null);
    mutation.mutate(input, {
      onSuccess: (o) => setResult(verdict(o)),
      onError: (e) => {
        if (!(isApiError(e) && Object.keys(e.fields).length)) setResult({ ok: false, text: errorMessage(e) });
      },
    });
  };
  return { result, run };
}

function SettingsForm({
  details,
  serverName,
  onDirty,
  onCancel,
  onSaved,
}: {
  details: HostedDetails;
  serverName: string;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState(() => stateOf(details));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    onDirty(true);
  };
  const save = useUpdateBranding();
  const testSmtp = useTestSmtp();
  const checkDns = useCheckDns();
  const smtpCheck = useCheck(testSmtp, (r) => ({ ok: r.passed, text: r.message }));
  const dnsCheck = useCheck(checkDns, (r) => ({ ok: r.valid, text: r.message }));
  const fields = isApiError(save.error) ? save.error.fields : {};
  const smtpFields = isApiError(testSmtp.error) ? testSmtp.error.fields : {};
  const dnsFields = isApiError(checkDns.error) ? checkDns.error.fields : {};
  const port = typeof form.port === 'number' ? form.port : Number(form.port) || DEFAULT_SMTP_PORT;
  // A failure with no field to show it under goes above the actions.
  const formError = save.error && !Object.keys(fields).length ? errorMessage(save.error) : null;
  const [tab, setTab] = useState<string | null>('domain');
  const errorTab = fields.target_custom_dns ? 'domain' : Object.keys(fields).length ? 'email' : null;
  useEffect(() => {
    if (errorTab) setTab(errorTab);
  }, [errorTab]);

  const smtpInput = {
    target_hosted_server_id: details.id,
    target_smtp_host: form.host.trim(),
    target_smtp_port: port,
    target_smtp_username: form.username.trim(),
    target_smtp_password: form.password,
    target_smtp_security: form.security,
    target_smtp_accept_invalid_certificate: form.acceptInvalid,
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            ...smtpInput,
            target_custom_dns: form.domain.trim(),
            target_use_custom_dns: form.useDomain,
            target_email_from: form.from.trim(),
            target_email_send_as: form.sendAs,
            target_smtp_mode: form.mode,
          },
          {
            onSuccess: () => {
              onDirty(false);
              notifySuccess(`${serverName} settings saved`);
              onSaved();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {serverName} · {details.user_dns}
        </Text>
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List className="app-tabs-list">
            <Tabs.Tab value="domain">Custom Domain</Tabs.Tab>
            <Tabs.Tab value="email">Email Setup</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="domain" pt="md">
            <Stack gap="sm">
              <TextInput
                label="Domain"
                description={`A name of your own for this console, such as backup.example.com: add a CNAME record pointing to ${details.user_dns}.`}
                value={form.domain}
                maxLength={253}
                onChange={(e) => set('domain', e.currentTarget.value)}
                error={fields.target_custom_dns ?? dnsFields.target_custom_dns}
              />
              <Switch label="Use custom domain" checked={form.useDomain} onChange={(e) => set('useDomain', e.currentTarget.checked)} />
              <Group gap="sm" align="center">
                <Button
                  variant="default"
                  loading={checkDns.isPending}
                  onClick={() => dnsCheck.run({ target_hosted_server_id: details.id, target_custom_dns: form.domain.trim() })}
                >
                  Check DNS
                </Button>
                <CheckResult result={dnsCheck.result} />
              </Group>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="email" pt="md">
            <Stack gap="sm">
              <TextInput
                label="Send email from"
                type="email"
                required
                value={form.from}
                onChange={(e) => set('from', e.currentTarget.value)}
                error={fields.target_email_from}
              />
              <TextInput
                label="Send email as"
                description="The name your customers see"
                required
                maxLength={100}
                value={form.sendAs}
                onChange={(e) => set('sendAs', e.currentTarget.value)}
                error={fields.target_email_send_as}
              />
              <Radio.Group
                label="Send mail through"
                value={form.mode}
                onChange={(v) => set('mode', v as SmtpMode)}
                error={fields.target_smtp_mode}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="ses" label="Amazon SES" />
                  <Radio value="smtp" label="My SMTP server" />
                </Group>
              </Radio.Group>
              {form.mode === 'smtp' ? (
                <Stack gap="sm">
                  <Group grow align="flex-start" wrap="wrap">
                    <TextInput
                      label="SMTP server"
                      required
                      value={form.host}
                      onChange={(e) => set('host', e.currentTarget.value)}
                      error={fields.target_smtp_host ?? smtpFields.target_smtp_host}
                      miw={200}
                    />
                    <NumberInput
                      label="Port"
                      min={1}
                      max={65535}
                      allowDecimal={false}
                      allowNegative={false}
                      value={form.port}
                      onChange={(v) => set('port', v)}
                      error={fields.target_smtp_port ?? smtpFields.target_smtp_port}
                      maw={140}
                    />
                  </Group>
                  <Select
                    label="Security"
                    data={SMTP_SECURITIES.map((s) => ({ value: s, label: SMTP_SECURITY_LABELS[s] }))}
                    value={form.security}
                    onChange={(v) => set('security', (v ?? 'tls') as SmtpSecurity)}
                    allowDeselect={false}
                    error={fields.target_smtp_security ?? smtpFields.target_smtp_security}
                  />
                  <TextInput
                    label="User name"
                    autoComplete="off"
                    value={form.username}
                    onChange={(e) => set('username', e.currentTarget.value)}
                    error={fields.target_smtp_username ?? smtpFields.target_smtp_username}
                  />
                  <PasswordInput
                    label="Password"
                    autoComplete="new-password"
                    description={details.smtp_password_set ? 'A password is saved; leave this empty to keep it.' : undefined}
                    value={form.password}
                    onChange={(e) => set('password', e.currentTarget.value)}
                    error={fields.target_smtp_password ?? smtpFields.target_smtp_password}
                  />
                  <Checkbox
                    label="Accept an invalid certificate"
                    checked={form.acceptInvalid}
                    onChange={(e) => set('acceptInvalid', e.currentTarget.checked)}
                  />
                  <Group gap="sm" align="center">
                    <Button variant="default" loading={testSmtp.isPending} onClick={() => smtpCheck.run(smtpInput)}>
                      Test SMTP
                    </Button>
                    <CheckResult result={smtpCheck.result} />
                  </Group>
                </Stack>
              ) : null}
              <Verification details={details} changed={form.from.trim().toLowerCase() !== details.send_as_email_address.toLowerCase()} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
function Verification({ details, changed }: { details: HostedDetails; changed: boolean }) {
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
