import type { CompanyState } from '@portal/contract/shared/fields';
import { isClosed } from '@portal/contract/shared/company-states';
import { hasRole, isAdmin, isStaff, isSystem } from '../../platform/access.ts';
import { type AuditEvent, type CallContext, hasActor, type PublicContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, forbidden, notFound, notLoggedIn } from '../../platform/errors.ts';
import * as q from './queries.ts';

export type { CompanyListQuery, CompanyRow, NewCompany } from './queries.ts';

// Reads for other domains, without the access rule: for the composition root and for calls that decide
// access otherwise (sign-in, jobs, a company found by its own user). A call on behalf of a user asks
// requireCompany below.

/** The company, or null; no access rule (see requireCompany). */
export const findCompany = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) => q.findCompany(ctx.db, input.companyId);

/** The company, locked for the rest of the transaction (see requireCompany); for changes that check access otherwise. */
export const lockCompany = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) => q.lockCompany(ctx.db, input.companyId);

/** The reason and time of the company's latest suspension, or null. */
export const lastSuspension = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) => q.lastSuspension(ctx.db, input.companyId);

export const countCompanies = (ctx: Pick<CallContext, 'db'>) => q.countCompanies(ctx.db);

export const countCompaniesByState = (ctx: Pick<CallContext, 'db'>) => q.countCompaniesByState(ctx.db);

export const searchCompanies = (ctx: Pick<CallContext, 'db'>, input: Parameters<typeof q.searchCompanies>[1]) =>
  q.searchCompanies(ctx.db, input);

export const listCompanies = (ctx: Pick<CallContext, 'db'>, input: q.CompanyListQuery) => q.listCompanies(ctx.db, input);

export const listDistributorCompanies = (ctx: Pick<CallContext, 'db'>) => q.listDistributorCompanies(ctx.db);

export const listSubAccounts = (ctx: Pick<CallContext, 'db'>, input: Parameters<typeof q.listSubAccounts>[1]) =>
  q.listSubAccounts(ctx.db, input);

export const countSubAccountsByRegion = (ctx: Pick<CallContext, 'db'>, input: { distributorId: number }) =>
  q.countSubAccountsByRegion(ctx.db, input.distributorId);

export const countEvents = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) => q.countEvents(ctx.db, input.companyId);

export const pageEvents = (
  ctx: Pick<CallContext, 'db'>,
  input: { companyId: number; direction: 'asc' | 'desc'; limit: number; offset: number },
) => q.pageEvents(ctx.db, input.companyId, input.direction, input.limit, input.offset);

/** Companies on a plan, locked (a plan's price changes for them). */
export const lockCompaniesOnPlan = (ctx: Pick<CallContext, 'db'>, input: { planId: string }) => q.lockCompaniesOnPlan(ctx.db, input.planId);

/** Trials that expired by `now`, locked. */
export const lockExpiredTrials = (ctx: Pick<CallContext, 'db'>, input: { now: Date }) => q.lockExpiredTrials(ctx.db, input.now);

/** Pending-delete companies whose state was applied before `appliedBefore`, locked. */
export const lockPendingDeletesBefore = (ctx: Pick<CallContext, 'db'>, input: { appliedBefore: Date }) =>
  q.lockPendingDeletesBefore(ctx.db, input.appliedBefore);

const CLOSED_MESSAGE = 'This company has been deleted and cannot be changed';

/**
 * Stores one line of a company's history as given: the platform's call context writes through this (app.ts),
 * and so does a write that has no call context of its own, such as an API token's use.
 */
export async function writeEvent(ctx: Pick<CallContext, 'db'>, event: AuditEvent): Promise<void> {
  await q.insertEvent(ctx.db, event);
}

/** Which company a call touches, and whether it reads it or changes it. */
export interface CompanyAccess {
  companyId: number;
  mode: 'read' | 'write';
}

/**
 * The company, if the actor may see it (read) or change it (write). Staff see every company,
 * but only admins change them; a distributor reaches its own sub-accounts; anyone else only
 * their own company. Unknown and hidden companies answer the same, so ids cannot be probed.
 *
 * For a change the row is locked until the call's transaction ends, so calls that read the company (or
 * its users) to decide what to write take turns: two parallel state changes leave one winner, and the
 * other decides on what the winner committed.
 */
export async function requireCompany(ctx: CallContext, input: CompanyAccess): Promise<q.CompanyRow> {
  const { companyId, mode } = input;
  const { actor } = ctx;
  const company = mode === 'write' ? await q.lockCompany(ctx.db, companyId) : await q.findCompany(ctx.db, companyId);
  if (!company) throw notFound('Company not found');
  if (isAdmin(actor)) return company;
  if (isStaff(actor) && !hasRole(actor, 'admin_impersonating')) {
    if (mode === 'read') return company;
    throw forbidden();
  }
  const own = company.id === actor.companyId;
  const subAccount = hasRole(actor, 'distributor') && company.distributor_id === actor.companyId;
  if (own || subAccount) return company;
  throw notFound('Company not found');
}

/** requireCompany, and for a change also the closed-company rule: a deleted or migrated company stays as it is. */
export async function requireOpenCompany(ctx: CallContext, input: CompanyAccess): Promise<q.CompanyRow> {
  const company = await requireCompany(ctx, input);
  if (input.mode === 'write' && isClosed(company)) throw new AppError(400, CLOSED_MESSAGE);
  return company;
}

/**
 * The company, if the context may change it: requireCompany's rule for a change (the row locked, as the caller's
 * own requireCompany already holds it), or a scheduled job's system actor, which works on every company and has
 * locked the companies it works on by the query that found them, so nothing is locked here for it. Every change
 * below applies it itself, so no caller reaches a company it may not change (docs/decisions/0100); users' and
 * billing's service changes apply it too. With no one signed in it refuses (401): a change names who makes it.
 */
export async function requireChangeable(ctx: PublicContext, input: { companyId: number }): Promise<q.CompanyRow> {
  const { companyId } = input;
  if (!hasActor(ctx)) throw notLoggedIn();
  if (!isSystem(ctx.actor)) return requireCompany(ctx, { companyId, mode: 'write' });
  const company = await q.findCompany(ctx.db, companyId);
  if (!company) throw notFound('Company not found');
  return company;
}

/** The company details a customer keeps themselves (My Account, Complete Signup). */
export type CompanyDetails = Partial<
  Pick<q.CompanyRow, 'company_name' | 'phone_number' | 'street_address' | 'city' | 'postal_code' | 'country'>
>;

/** No details given is no change: a user saving only their own settings changes no company, whoever they are. */
export async function updateDetails(ctx: CallContext, input: { companyId: number; details: CompanyDetails }): Promise<void> {
  if (!Object.keys(input.details).length) return;
  await requireChangeable(ctx, { companyId: input.companyId });
  await q.updateCompany(ctx.db, input.companyId, input.details);
}

/** Payments records whether the company has a saved card left; the card's own history line says what changed. */
export async function setHasSavedCard(ctx: CallContext, input: { companyId: number; has: boolean }): Promise<void> {
  await requireChangeable(ctx, { companyId: input.companyId });
  await q.updateCompany(ctx.db, input.companyId, { has_saved_card: input.has });
}

/** Every user of the company must set up two-factor before using the portal. */
export async function setTwoFactorRule(ctx: CallContext, input: { companyId: number; required: boolean }): Promise<void> {
  await requireChangeable(ctx, { companyId: input.companyId });
  await q.updateCompany(ctx.db, input.companyId, { require_two_factor: input.required });
  await ctx.audit(input.companyId, input.required ? 'Required two-factor sign-in for every user' : 'Stopped requiring two-factor sign-in');
}

/** Complete Signup: the details, when it happened, and the promo code kept for billing to credit. */
export async function completeSignup(
  ctx: CallContext,
  input: { companyId: number; details: Required<CompanyDetails>; at: Date; promoCode: string | null },
): Promise<void> {
  const o = input;
  await requireChangeable(ctx, { companyId: o.companyId });
  await q.updateCompany(ctx.db, o.companyId, {
    ...o.details,
    signup_completed_at: o.at,
    ...(o.promoCode ? { signup_promo_code: o.promoCode } : {}),
  });
}

/** What company administration (admins and distributors) may change directly; states change through changeState. */
export type AdministeredFields = Partial<
  Omit<
    q.NewCompany,
    'id' | 'current_state' | 'current_state_applied_at' | 'state_before_delete' | 'deleted_at' | 'created_at' | 'primary_email'
  >
>;

/** A change of the company's administered fields, with the lines its history keeps of it (at least one). */
export async function administer(
  ctx: CallContext,
  input: { companyId: number; changes: AdministeredFields; history: readonly [string, ...string[]] },
): Promise<void> {
  await requireChangeable(ctx, { companyId: input.companyId });
  await q.updateCompany(ctx.db, input.companyId, input.changes);
  for (const line of input.history) await ctx.audit(input.companyId, line);
}

/** The fields that move with a state change (plan taking effect, trial end, the state a pending delete left). */
export type StateChangeFields = Partial<
  Pick<q.NewCompany, 'plan_id' | 'plan_selected' | 'trial_expires_at' | 'first_active_at' | 'state_before_delete' | 'deleted_at'>
>;

/**
 * Runs writes with the reason the state history records for them (company_state_changes, migration 0037):
 * the setting is transaction-local, so the writes run in a transaction of their own (a savepoint inside a
 * call's) and the reason goes no further than them.
 */
function withStateReason<T>(db: Database, reason: string, write: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Database;
    await q.noteStateReason(inner, reason);
    return write(inner);
  });
}

/**
 * A state change, with the reason the churn reports show for it ("Out of credit", "Trial ended without a plan"),
 * and its line in the company's history: "<reason>: <state before> -> <state after>", and the note if given.
 */
export async function changeState(
  ctx: CallContext,
  input: { companyId: number; state: CompanyState; reason: string; note?: string; fields?: StateChangeFields },
): Promise<void> {
  const { companyId, state, reason, note, fields = {} } = input;
  const before = await requireChangeable(ctx, { companyId });
  const at = ctx.clock.now();
  await withStateReason(ctx.db, note ? `${reason}: ${note}` : reason, (tx) =>
    q.updateCompany(tx, companyId, { current_state: state, current_state_applied_at: at, ...fields }),
  );
  await ctx.audit(companyId, `${reason}: ${before.current_state} -> ${state}${note ? ` (${note})` : ''}`);
}

/**
 * New companies, as given (company creation, migration, the demo seed), their first state recorded with the
 * reason when one is given; without one the history row's reason is whatever this transaction noted last.
 */
export function createCompanies(ctx: Pick<CallContext, 'db'>, input: { rows: q.NewCompany[]; reason?: string }): Promise<q.CompanyRow[]> {
  const { rows, reason } = input;
  if (reason === undefined) return q.insertCompanies(ctx.db, rows);
  return withStateReason(ctx.db, reason, (tx) => q.insertCompanies(tx, rows));
}
