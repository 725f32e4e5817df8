import type { AuthContext } from '@portal/contract/auth/auth-context';

export function authContext(overrides: Partial<AuthContext> = {}): AuthContext {
  return {
    email: 'ann@example.com',
    contact_name: 'Ann Smith',
    company_id: 7,
    company_name: 'Acme Backups',
    company_type: 'customer',
    state: 'ACTIVE',
    roles: ['customer'],
    capabilities: [],
    customer_trial_length_days: 30,
    trial_expires_at: null,
    will_delete_at: null,
    has_saved_card: false,
    has_provided_address_info: true,
    impersonated_by: null,
    email_verified: true,
    needs_two_factor_setup: false,
    ...overrides,
  };
}
