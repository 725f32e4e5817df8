import type { AuthContext } from '@portal/contract/auth/auth-context';
import { describe, expect, it } from 'vitest';
import { hasAccess } from './access';

const auth: AuthContext = {
  email: 'ann@example.com',
  contact_name: 'Ann',
  company_id: 1,
  company_name: 'Acme',
  company_type: 'customer',
  state: 'ACTIVE',
  roles: ['customer'],
  capabilities: ['use_storage'],
  customer_trial_length_days: 30,
  trial_expires_at: null,
  will_delete_at: null,
  has_saved_card: false,
  has_provided_address_info: false,
  impersonated_by: null,
  email_verified: true,
  needs_two_factor_setup: false,
};

describe('hasAccess', () => {
  it('needs a signed-in user', () => {
    expect(hasAccess(null, {})).toBe(false);
    expect(hasAccess(auth, {})).toBe(true);
  });

  it('needs one of the roles, where any means any signed-in user', () => {
    expect(hasAccess(auth, { roles: ['admin', 'support'] })).toBe(false);
    expect(hasAccess(auth, { roles: ['admin', 'customer'] })).toBe(true);
    expect(hasAccess(auth, { roles: ['any'] })).toBe(true);
  });

  it('needs the capability when one is given', () => {
    expect(hasAccess(auth, { capability: 'use_storage' })).toBe(true);
    expect(hasAccess(auth, { roles: ['customer'], capability: 'use_tickets_page' })).toBe(false);
  });
});
