import type { AccountSettings, AccountSettingsPatch } from '../api';

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
