import type { HostedDetails } from '@portal/contract/servers/hosted';
import { DEFAULT_SMTP_PORT, hostedUpdateBranding, type SmtpMode, type SmtpSecurity } from '@portal/contract/servers/hosted-settings';
import { useContractForm } from '../../../../components/form/use-contract-form';

/** The dialog's fields, named as update_branding names them so their errors land under them. */
export interface HostedSettingsValues {
  target_custom_dns: string;
  target_use_custom_dns: boolean;
  target_email_from: string;
  target_email_send_as: string;
  target_smtp_mode: SmtpMode;
  target_smtp_host: string;
  /** As typed: a NumberInput holds '' while empty. */
  target_smtp_port: number | string;
  target_smtp_username: string;
  target_smtp_password: string;
  target_smtp_security: SmtpSecurity;
  target_smtp_accept_invalid_certificate: boolean;
}

/** The password is write-only: the dialog opens with it empty, which keeps the stored one. */
const valuesOf = (d: HostedDetails): HostedSettingsValues => ({
  target_custom_dns: d.user_custom_dns,
  target_use_custom_dns: d.use_custom_dns,
  target_email_from: d.send_as_email_address,
  target_email_send_as: d.send_as_display_name,
  target_smtp_mode: d.smtp_mode,
  target_smtp_host: d.smtp_host,
  target_smtp_port: d.smtp_port || DEFAULT_SMTP_PORT,
  target_smtp_username: d.smtp_username,
  target_smtp_password: '',
  target_smtp_security: d.smtp_security,
  target_smtp_accept_invalid_certificate: d.smtp_accept_invalid_certificate,
});

/** An emptied port field means the default port, as the server would take a missing one. */
export const portOf = (port: number | string): number => (typeof port === 'number' ? port : Number(port) || DEFAULT_SMTP_PORT);

/** The SMTP part of the input, which Test SMTP sends as it is. */
export function smtpInputOf(hostedId: number, values: HostedSettingsValues) {
  return {
    target_hosted_server_id: hostedId,
    target_smtp_host: values.target_smtp_host.trim(),
    target_smtp_port: portOf(values.target_smtp_port),
    target_smtp_username: values.target_smtp_username.trim(),
    target_smtp_password: values.target_smtp_password,
    target_smtp_security: values.target_smtp_security,
    target_smtp_accept_invalid_certificate: values.target_smtp_accept_invalid_certificate,
  };
}

export function useHostedSettingsForm(details: HostedDetails, serverError: unknown) {
  return useContractForm(hostedUpdateBranding, {
    initialValues: valuesOf(details),
    toInput: (values) => ({
      ...smtpInputOf(details.id, values),
      target_custom_dns: values.target_custom_dns.trim(),
      target_use_custom_dns: values.target_use_custom_dns,
      target_email_from: values.target_email_from.trim(),
      target_email_send_as: values.target_email_send_as,
      target_smtp_mode: values.target_smtp_mode,
    }),
    serverError,
  });
}

export type HostedSettingsForm = ReturnType<typeof useHostedSettingsForm>;
