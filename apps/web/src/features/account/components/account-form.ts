import { setAccountSettings } from '@portal/contract/account/account-settings';
import { type FieldErrors, zodFieldErrors } from '../../../components/form/form-errors';
import type { AccountSettings } from '../api/get-account-settings';
import type { AccountSettingsPatch } from '../api/set-account-settings';

export interface AccountFormValues {
  user_contact_name: string;
  user_email: string;
  user_notifications_is_technical: boolean;
  user_notifications_is_billing: boolean;
  user_notifications_email_weekly_usage: boolean;
  company_2fa_required: boolean;
  company_name: string;
  company_phone_number: string;
  company_address_street: string;
  company_address_city: string;
  company_address_postcode: string;
  company_address_country: string;
}

export type TextField =
  | 'user_contact_name'
  | 'user_email'
  | 'company_name'
  | 'company_phone_number'
  | 'company_address_street'
  | 'company_address_city'
  | 'company_address_postcode';

export type FlagField =
  | 'user_notifications_is_technical'
  | 'user_notifications_is_billing'
  | 'user_notifications_email_weekly_usage'
  | 'company_2fa_required';

export function accountFormValues(settings: AccountSettings): AccountFormValues {
  return {
    user_contact_name: settings.user_contact_name,
    user_email: settings.user_email,
    user_notifications_is_technical: settings.user_notifications_is_technical,
    user_notifications_is_billing: settings.user_notifications_is_billing,
    user_notifications_email_weekly_usage: settings.user_notifications_email_weekly_usage,
    company_2fa_required: settings.user_is_2fa_required,
    company_name: settings.company_name,
    company_phone_number: settings.company_phone_number,
    company_address_street: settings.company_address_street,
    company_address_city: settings.company_address_city,
    company_address_postcode: settings.company_address_postcode,
    company_address_country: settings.company_address_country,
  };
}

export function isAccountFormDirty(initial: AccountFormValues, current: AccountFormValues): boolean {
  return (Object.keys(initial) as (keyof AccountFormValues)[]).some((key) => initial[key] !== current[key]);
}

/** Only what changed is sent (absent fields stay); the company switch only by someone allowed to set it. */
export function buildAccountPatch(
  initial: AccountFormValues,
  current: AccountFormValues,
  canSetCompanyTwoFactor: boolean,
): AccountSettingsPatch {
  const patch: Record<string, string | boolean> = {};
  for (const key of Object.keys(initial) as (keyof AccountFormValues)[]) {
    if (key === 'company_2fa_required' && !canSetCompanyTwoFactor) continue;
    const value = current[key];
    // The spec trims the company name and phone on save; the other texts are trimmed alike.
    const sent = typeof value === 'string' ? value.trim() : value;
    if (sent !== initial[key]) patch[key] = sent;
  }
  return patch as AccountSettingsPatch;
}

/** The contract's own rules, so the messages match the server's ('Please enter your company name'). */
export function validateAccountPatch(patch: AccountSettingsPatch): FieldErrors {
  const result = setAccountSettings.input.safeParse(patch);
  return result.success ? {} : zodFieldErrors(result.error);
}
