import { Button, Checkbox, Group, NumberInput, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { HostedDetails } from '@portal/contract/servers/hosted';
import { SMTP_SECURITIES, SMTP_SECURITY_LABELS, type SmtpSecurity } from '@portal/contract/servers/hosted-settings';
import { isApiError } from '../../../../lib/api-error';
import { useTestSmtp } from '../../api/hosted-settings';
import { CheckResult, useCheck } from './settings-check';
import { type HostedSettingsForm, smtpInputOf } from './use-hosted-settings-form';

/** The customer's own SMTP server (spec-1 §5), with Test SMTP, which checks the values typed without saving them. */
export function SmtpFields({ details, form }: { details: HostedDetails; form: HostedSettingsForm }) {
  const testSmtp = useTestSmtp();
  const smtpCheck = useCheck(testSmtp, (r) => ({ ok: r.passed, text: r.message }));
  // The test's own field errors show under the same inputs as the save's.
  const tested = isApiError(testSmtp.error) ? testSmtp.error.fields : {};
  const { errors, values, setValue } = form;
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label="SMTP server"
          required
          {...form.textProps('target_smtp_host')}
          error={errors.target_smtp_host ?? tested.target_smtp_host}
          miw={200}
        />
        <NumberInput
          label="Port"
          min={1}
          max={65535}
          allowDecimal={false}
          allowNegative={false}
          value={values.target_smtp_port}
          onChange={(v) => setValue('target_smtp_port', v)}
          error={errors.target_smtp_port ?? tested.target_smtp_port}
          maw={140}
        />
      </Group>
      <Select
        label="Security"
        data={SMTP_SECURITIES.map((s) => ({ value: s, label: SMTP_SECURITY_LABELS[s] }))}
        value={values.target_smtp_security}
        onChange={(v) => setValue('target_smtp_security', (v ?? 'tls') as SmtpSecurity)}
        allowDeselect={false}
        error={errors.target_smtp_security ?? tested.target_smtp_security}
      />
      <TextInput
        label="User name"
        autoComplete="off"
        {...form.textProps('target_smtp_username')}
        error={errors.target_smtp_username ?? tested.target_smtp_username}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        description={details.smtp_password_set ? 'A password is saved; leave this empty to keep it.' : undefined}
        {...form.textProps('target_smtp_password')}
        error={errors.target_smtp_password ?? tested.target_smtp_password}
      />
      <Checkbox label="Accept an invalid certificate" {...form.checkboxProps('target_smtp_accept_invalid_certificate')} />
      <Group gap="sm" align="center">
        <Button variant="default" loading={testSmtp.isPending} onClick={() => smtpCheck.run(smtpInputOf(details.id, values))}>
          Test SMTP
        </Button>
        <CheckResult result={smtpCheck.result} />
      </Group>
    </Stack>
  );
}
