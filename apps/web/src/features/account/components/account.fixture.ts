import type { AccountSettings } from '../api';

export function accountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    user_contact_name: 'Ann Smith',
    user_email: 'ann@example.com',
    user_email_verified: true,
    user_is_2fa_required: false,
    user_two_factor: 'none',
    user_notifications_is_technical: true,
    user_notifications_is_billing: false,
    user_notifications_email_weekly_usage: false,
    can_set_company_2fa_required: false,
    company_name: 'Acme Backups',
    company_phone_number: '+64 9 555 0100',
    company_address_street: '1 Queen Street',
    company_address_city: 'Auckland',
    company_address_postcode: '1010',
    company_address_country: 'NZ',
    ...overrides,
  };
}
