import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zCompanyState, zCompanyType, zTimestamp, zUnixSeconds } from '../shared/fields.ts';
import { zCapability, zRole } from '../shared/roles.ts';

export const zAuthContext = z.object({
  email: z.string(),
  contact_name: z.string(),
  company_id: zCompanyId,
  company_name: z.string(),
  company_type: zCompanyType,
  state: zCompanyState,
  roles: z.array(zRole),
  capabilities: z.array(zCapability),
  customer_trial_length_days: z.number().int(),
  /** When a TRIAL company's trial ends; null in other states. */
  trial_expires_at: zTimestamp.nullable(),
  /** Seconds since the epoch when a PENDING_DELETE company is deleted for good; null in other states. */
  will_delete_at: zUnixSeconds.nullable(),
  has_saved_card: z.boolean(),
  has_provided_address_info: z.boolean(),
  /** Set while an admin is signed in as this company's user. */
  impersonated_by: z.string().nullable(),
  email_verified: z.boolean(),
  /** The company requires two-factor and this user has none yet: every page but the setup is closed. */
  needs_two_factor_setup: z.boolean(),
});
export type AuthContext = z.infer<typeof zAuthContext>;

export const getAuthContext = defineCall({
  path: '/api/v1/web/auth',
  summary: 'The signed-in user and company, their roles and capabilities; null when signed out.',
  input: z.object({}),
  output: zAuthContext.nullable(),
  access: { public: true },
});
