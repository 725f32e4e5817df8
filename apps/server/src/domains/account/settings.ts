import type { setAccountSettings as setCall, setupAccount as setupCall, zAccountSettings } from '@portal/contract/account/account-settings';
import type { CallData } from '@portal/contract/shared/define-call';
import type { z } from 'zod';
import { type Actor, actingAsSelf, signedIn } from '../../platform/access.ts';
import { AppError, badInput, notLoggedIn } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import * as auth from '../auth/service.ts';
import * as companies from '../companies/service.ts';
import * as security from '../security/service.ts';
import * as users from '../users/service.ts';
import { sendVerificationMail } from './service.ts';

type AccountSettings = z.output<typeof zAccountSettings>;
type SettingsInput = CallData<typeof setCall>;
type SetupInput = CallData<typeof setupCall>;

export const SETTINGS_MESSAGES = {
  primaryOnly: 'Only the primary contact can change the company details',
  emailTaken: 'A user with this email already exists',
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
} as const satisfies Record<string, keyof companies.CompanyRow>;
type CompanyField = keyof typeof COMPANY_FIELDS;

async function load(ctx: CallContext, actor: Actor) {
  const user = await users.findUser(ctx.db, actor.userId);
  const company = await companies.findCompany(ctx.db, actor.companyId);
  if (!user || user.deleted_at || !company) throw notLoggedIn();
  return { user, company };
}

/**
 * The company's details and its two-factor rule belong to the primary contact: every user of a
 * customer holds `edit_users`, so that capability would hand them to everyone. An admin signed in as
 * the user may fix the details, but not change how the company's users sign in.
 */
const mayEditCompany = (user: users.UserRow) => user.is_primary_contact;
const maySetTwoFactorRule = (user: users.UserRow, actor: Actor) => user.is_primary_contact && actor.impersonatorUserId === null;

export async function getAccountSettings(ctx: CallContext): Promise<AccountSettings> {
  const actor = signedIn(ctx.actor);
  const { user, company } = await load(ctx, actor);
  return {
    user_contact_name: user.contact_name,
    user_email: user.email,
    user_email_verified: user.email_verified_at !== null,
    user_is_2fa_required: company.require_two_factor,
    user_two_factor: await security.twoFactorMethod(ctx.db, user.id),
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
  const actor = signedIn(ctx.actor);
  const { user, company } = await load(ctx, actor);
  const label = await users.describeUser(ctx.db, actor.impersonatorUserId ?? actor.userId);

  const companyChanges: Partial<companies.CompanyRow> = {};
  for (const field of Object.keys(COMPANY_FIELDS) as CompanyField[]) {
    const value = input[field];
    const column = COMPANY_FIELDS[field];
    if (value !== undefined && value !== company[column]) companyChanges[column] = value;
  }
  const twoFactorRule = input.company_2fa_required;
  const ruleChanges = twoFactorRule !== undefined && twoFactorRule !== company.require_two_factor;
  if ((Object.keys(companyChanges).length || ruleChanges) && !mayEditCompany(user)) throw new AppError(403, SETTINGS_MESSAGES.primaryOnly);
  if (ruleChanges) {
    actingAsSelf(actor);
    companyChanges.require_two_factor = twoFactorRule;
  }

  const newEmail = input.user_email !== undefined && input.user_email.toLowerCase() !== user.email.toLowerCase() ? input.user_email : null;
  if (newEmail) {
    actingAsSelf(actor);
    auth.requireRecentAuth(ctx, actor);
    const other = await users.findActiveUserByEmail(ctx.db, newEmail);
    if (other && other.id !== user.id) throw badInput({ user_email: SETTINGS_MESSAGES.emailTaken });
  }

  const userChanges: Partial<users.UserRow> = {};
  if (input.user_contact_name !== undefined && input.user_contact_name !== user.contact_name)
    userChanges.contact_name = input.user_contact_name;
  if (input.user_notifications_is_technical !== undefined && input.user_notifications_is_technical !== user.is_technical)
    userChanges.is_technical = input.user_notifications_is_technical;
  if (input.user_notifications_is_billing !== undefined && input.user_notifications_is_billing !== user.is_billing)
    userChanges.is_billing = input.user_notifications_is_billing;
  if (input.user_notifications_email_weekly_usage !== undefined && input.user_notifications_email_weekly_usage !== user.notify_weekly_usage)
    userChanges.notify_weekly_usage = input.user_notifications_email_weekly_usage;
  const changedPreferences = Object.keys(userChanges).map((k) => (k === 'contact_name' ? 'contact name' : k.replace(/_/g, ' ')));
  if (newEmail) Object.assign(userChanges, { email: newEmail, email_verified_at: null });

  await users.updateUser(ctx.db, user.id, userChanges);
  await companies.updateCompany(ctx.db, company.id, companyChanges);
  const add = (text: string) => companies.addEvent(ctx.db, ctx.clock, company.id, label, text);
  if (changedPreferences.length) await add(`Changed account settings of ${users.userLabel(user)}: ${changedPreferences.join(', ')}`);
  if (newEmail) {
    if (user.is_primary_contact) await companies.setPrimaryEmail(ctx.db, company.id, newEmail);
    await sendVerificationMail(ctx, { ...user, ...userChanges, email: newEmail });
    await add(`Changed email of ${users.userLabel(user)} to ${newEmail}; verification mail sent`);
  }
  const detailNames = Object.keys(companyChanges).filter((k) => k !== 'require_two_factor');
  if (detailNames.length) await add(`Changed company details: ${detailNames.map((k) => k.replace(/_/g, ' ')).join(', ')}`);
  if (ruleChanges) await add(twoFactorRule ? 'Required two-factor sign-in for every user' : 'Stopped requiring two-factor sign-in');
  return getAccountSettings(ctx);
}

/**
 * Complete signup: the company details, and the promo code kept for crediting. Crediting it needs
 * promo codes and credit packs, which arrive with the billing issue (plans, credit and top-ups); until
 * then the code is stored on the company (signup_promo_code) for that work to apply.
 */
export async function setupAccount(ctx: CallContext, input: SetupInput): Promise<null> {
  const actor = signedIn(ctx.actor);
  const { user, company } = await load(ctx, actor);
  if (!mayEditCompany(user)) throw new AppError(403, SETTINGS_MESSAGES.primaryOnly);
  const promo = input.user_promo_code;
  if (promo && company.signup_promo_code && promo.toLowerCase() !== company.signup_promo_code.toLowerCase()) {
    throw badInput({ user_promo_code: SETTINGS_MESSAGES.promoTaken });
  }
  await companies.updateCompany(ctx.db, company.id, {
    company_name: input.company_name,
    phone_number: input.company_phone_number,
    street_address: input.company_address_street,
    city: input.company_address_city,
    postal_code: input.company_address_postcode,
    country: input.company_address_country,
    ...(promo && !company.signup_promo_code ? { signup_promo_code: promo } : {}),
    signup_completed_at: company.signup_completed_at ?? ctx.clock.now(),
  });
  const label = await users.describeUser(ctx.db, actor.impersonatorUserId ?? actor.userId);
  await companies.addEvent(
    ctx.db,
    ctx.clock,
    company.id,
    label,
    `Completed signup${promo && !company.signup_promo_code ? ` with promo code ${promo}` : ''}`,
  );
  return null;
}
