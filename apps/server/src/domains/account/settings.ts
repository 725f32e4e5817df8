import { userLabel } from '@portal/contract/shared/user-label';
import type { setAccountSettings as setCall, setupAccount as setupCall, zAccountSettings } from '@portal/contract/account/account-settings';
import type { CallData } from '@portal/contract/shared/define-call';
import type { z } from 'zod';
import { type Actor, requireSelf } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, notLoggedIn } from '../../platform/errors.ts';
import * as security from '../security/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import { changeEmail, newEmailOf, requireMayChangeSignIn, requireUser } from './sign-in.ts';

type AccountSettings = z.output<typeof zAccountSettings>;
type SettingsInput = CallData<typeof setCall>;
export type SetupInput = CallData<typeof setupCall>;

export const SETTINGS_MESSAGES = {
  primaryOnly: 'Only the primary contact can change the company details',
  promoTaken: 'A promo code was already applied when this account was set up',
} as const;

/** The account-settings fields kept on the company, with their columns. */
const COMPANY_FIELDS = {
  company_name: 'company_name',
  company_phone_number: 'phone_number',
  company_address_street: 'street_address',
  company_address_city: 'city',
  company_address_postcode: 'postal_code',
  company_address_country: 'country',
} as const satisfies Record<string, keyof tenancy.CompanyDetails>;
type CompanyField = keyof typeof COMPANY_FIELDS;

/** The user and their company; for a change, the company is locked so that checks and writes see one state. */
async function load(ctx: CallContext, mode: 'read' | 'write' = 'read') {
  const company = await (mode === 'write' ? tenancy.lockCompany : tenancy.findCompany)(ctx, { companyId: ctx.actor.companyId });
  if (!company) throw notLoggedIn();
  return { user: await requireUser(ctx), company };
}

/**
 * The company's details and its two-factor rule belong to the primary contact: every user of a
 * customer holds `edit_users`, so that capability would hand them to everyone. An admin signed in as
 * the user may fix the details, but not change how the company's users sign in.
 */
const mayEditCompany = (user: users.UserRow) => user.is_primary_contact;
const maySetTwoFactorRule = (user: users.UserRow, actor: Actor) => user.is_primary_contact && actor.impersonatorUserId === null;

export async function getAccountSettings(ctx: CallContext): Promise<AccountSettings> {
  const { actor } = ctx;
  const { user, company } = await load(ctx);
  return {
    user_contact_name: user.contact_name,
    user_email: user.email,
    user_email_verified: user.email_verified_at !== null,
    user_is_2fa_required: company.require_two_factor,
    user_two_factor: await security.twoFactorMethod(ctx, { userId: user.id }),
    user_notifications_is_technical: user.is_technical,
    user_notifications_is_billing: user.is_billing,
    user_notifications_email_weekly_usage: user.notify_weekly_usage,
    can_set_company_2fa_required: maySetTwoFactorRule(user, actor),
    company_name: company.company_name,
    company_phone_number: company.phone_number,
    company_address_street: company.street_address,
    company_address_city: company.city,
    company_address_postcode: company.postal_code,
    company_address_country: company.country,
  };
}

/**
 * Changes what was sent and differs from what is stored, so the whole form can be sent back by any
 * user: company fields only refuse a non-primary user when they would actually change.
 */
export async function setAccountSettings(ctx: CallContext, input: SettingsInput): Promise<AccountSettings> {
  const { actor } = ctx;
  const { user, company } = await load(ctx, 'write');

  const details: tenancy.CompanyDetails = {};
  for (const field of Object.keys(COMPANY_FIELDS) as CompanyField[]) {
    const value = input[field];
    const column = COMPANY_FIELDS[field];
    if (value !== undefined && value !== company[column]) details[column] = value;
  }
  const twoFactorRule = input.company_2fa_required;
  const ruleChanges = twoFactorRule !== undefined && twoFactorRule !== company.require_two_factor;
  if ((Object.keys(details).length || ruleChanges) && !mayEditCompany(user)) throw new AppError(403, SETTINGS_MESSAGES.primaryOnly);
  if (ruleChanges) requireSelf(actor);

  const newEmail = newEmailOf(user, input.user_email);
  if (newEmail) await requireMayChangeSignIn(ctx, company.id, user);

  const userChanges: users.Profile = {};
  if (input.user_contact_name !== undefined && input.user_contact_name !== user.contact_name)
    userChanges.contact_name = input.user_contact_name;
  if (input.user_notifications_is_technical !== undefined && input.user_notifications_is_technical !== user.is_technical)
    userChanges.is_technical = input.user_notifications_is_technical;
  if (input.user_notifications_is_billing !== undefined && input.user_notifications_is_billing !== user.is_billing)
    userChanges.is_billing = input.user_notifications_is_billing;
  if (input.user_notifications_email_weekly_usage !== undefined && input.user_notifications_email_weekly_usage !== user.notify_weekly_usage)
    userChanges.notify_weekly_usage = input.user_notifications_email_weekly_usage;
  const changedPreferences = Object.keys(userChanges).map((k) => (k === 'contact_name' ? 'contact name' : k.replace(/_/g, ' ')));

  await users.updateProfile(ctx, { userId: user.id, profile: userChanges });
  await tenancy.updateDetails(ctx, { companyId: company.id, details });
  const add = (text: string) => ctx.audit(company.id, text);
  if (changedPreferences.length) await add(`Changed account settings of ${userLabel(user)}: ${changedPreferences.join(', ')}`);
  if (newEmail) {
    await changeEmail(ctx, { ...user, ...userChanges }, newEmail, 'user_email');
    await add(`Changed email of ${userLabel(user)} to ${newEmail}; verification mail sent`);
  }
  const detailNames = Object.keys(details);
  if (detailNames.length) await add(`Changed company details: ${detailNames.map((k) => k.replace(/_/g, ' ')).join(', ')}`);
  if (ruleChanges) await tenancy.setTwoFactorRule(ctx, { companyId: company.id, required: twoFactorRule });
  return getAccountSettings(ctx);
}

/**
 * Complete signup: the company details, and the promo code kept for crediting. Crediting it needs
 * promo codes and credit packs, which arrive with the billing issue (plans, credit and top-ups); until
 * then the code is stored on the company (signup_promo_code) for that work to apply.
 */
export async function setupAccount(ctx: CallContext, input: SetupInput): Promise<null> {
  const { user, company } = await load(ctx, 'write');
  if (!mayEditCompany(user)) throw new AppError(403, SETTINGS_MESSAGES.primaryOnly);
  const promo = input.user_promo_code;
  if (promo && company.signup_promo_code && promo.toLowerCase() !== company.signup_promo_code.toLowerCase()) {
    throw badInput({ user_promo_code: SETTINGS_MESSAGES.promoTaken });
  }
  await tenancy.completeSignup(ctx, {
    companyId: company.id,
    details: {
      company_name: input.company_name,
      phone_number: input.company_phone_number,
      street_address: input.company_address_street,
      city: input.company_address_city,
      postal_code: input.company_address_postcode,
      country: input.company_address_country,
    },
    promoCode: promo && !company.signup_promo_code ? promo : null,
    at: company.signup_completed_at ?? ctx.clock.now(),
  });
  await ctx.audit(company.id, `Completed signup${promo && !company.signup_promo_code ? ` with promo code ${promo}` : ''}`);
  return null;
}
