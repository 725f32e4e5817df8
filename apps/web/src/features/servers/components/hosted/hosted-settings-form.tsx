import { Alert, Button, Group, Radio, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import type { HostedDetails } from '@portal/contract/servers/hosted';
import type { SmtpMode } from '@portal/contract/servers/hosted-settings';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../../components/feedback/notify';
import { isApiError } from '../../../../lib/api-error';
import { useCheckDns, useUpdateBranding } from '../../api/hosted-settings';
import { EmailVerification } from './email-verification';
import { CheckResult, useCheck } from './settings-check';
import { SmtpFields } from './smtp-fields';
import { useHostedSettingsForm } from './use-hosted-settings-form';

interface Props {
  details: HostedDetails;
  serverName: string;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

/** The settings in two tabs, saved together through update_branding; a field's error opens the tab that holds it. */
export function HostedSettingsForm({ details, serverName, onDirty, onCancel, onSaved }: Props) {
  const save = useUpdateBranding();
  const form = useHostedSettingsForm(details, save.error);
  const checkDns = useCheckDns();
  const dnsCheck = useCheck(checkDns, (r) => ({ ok: r.valid, text: r.message }));
  const dnsFields = isApiError(checkDns.error) ? checkDns.error.fields : {};
  const { errors, values } = form;
  const [tab, setTab] = useState<string | null>('domain');
  const errorTab = errors.target_custom_dns ? 'domain' : Object.keys(errors).length ? 'email' : null;
  useEffect(() => {
    if (errorTab) setTab(errorTab);
  }, [errorTab]);
  useEffect(() => onDirty(form.isDirty), [form.isDirty, onDirty]);

  const submit = form.onSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        onDirty(false);
        notifySuccess(`${serverName} settings saved`);
        onSaved();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
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
                {...form.textProps('target_custom_dns')}
                error={errors.target_custom_dns ?? dnsFields.target_custom_dns}
              />
              <Switch label="Use custom domain" {...form.checkboxProps('target_use_custom_dns')} />
              <Group gap="sm" align="center">
                <Button
                  variant="default"
                  loading={checkDns.isPending}
                  onClick={() => dnsCheck.run({ target_hosted_server_id: details.id, target_custom_dns: values.target_custom_dns.trim() })}
                >
                  Check DNS
                </Button>
                <CheckResult result={dnsCheck.result} />
              </Group>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="email" pt="md">
            <Stack gap="sm">
              <TextInput label="Send email from" type="email" required {...form.textProps('target_email_from')} />
              <TextInput
                label="Send email as"
                description="The name your customers see"
                required
                {...form.textProps('target_email_send_as')}
              />
              <Radio.Group
                label="Send mail through"
                value={values.target_smtp_mode}
                onChange={(v) => form.setValue('target_smtp_mode', v as SmtpMode)}
                error={errors.target_smtp_mode}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="ses" label="Amazon SES" />
                  <Radio value="smtp" label="My SMTP server" />
                </Group>
              </Radio.Group>
              {values.target_smtp_mode === 'smtp' ? <SmtpFields details={details} form={form} /> : null}
              <EmailVerification
                details={details}
                changed={values.target_email_from.trim().toLowerCase() !== details.send_as_email_address.toLowerCase()}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {form.alert ? (
          <Alert color="red" role="alert">
            {form.alert}
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
