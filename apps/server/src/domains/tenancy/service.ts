import type { CompanyState } from '@portal/contract/shared/fields';
import { PENDING_DELETE_DAYS } from '@portal/contract/shared/plans';
import { hasRole, isAdmin, isStaff } from '../../platform/access.ts';
import type { AuditEvent, CallContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import * as q from './queries.ts';

export type { CompanyListQuery, CompanyRow, NewCompany } from './queries.ts';
/** Reads and writes other domains use as they are; the rules are below. */
export {
  countCompanies,
  countCompaniesByState,
  countEvents,
  countSubAccountsByRegion,
  findCompany,
  lastSuspension,
  listCompanies,
  listDistributorCompanies,
  listSubAccounts,
  /** The company, locked for the rest of the transaction (see requireCompany); for changes that check access otherwise. */
  lockCompany,
  lockCompaniesOnPlan,
  lockExpiredTrials,
  lockPendingDeletesBefore,
  pageEvents,
  SEARCH_COUNT_CAP,
  searchCompanies,
} from './queries.ts';
export { capabilitiesFor } from './capabilities.ts';

const DAY_MS = 86_400_000;

/** The states whose companies are gone: their users cannot sign in and nothing of theirs changes. */
const CLOSED_STATES: readonly CompanyState[] = ['DELETED', 'MIGRATED'];
export const isClosed = (company: Pick<q.CompanyRow, 'current_state'>) => CLOSED_STATES.includes(company.current_state);
const CLOSED_MESSAGE = 'This company has been deleted and cannot be changed';

/** When a pending-delete company is deleted for good, in seconds since the epoch; null in other states. */
export function willDeleteAt(company: Pick<q.CompanyRow, 'current_state' | 'current_state_applied_at'>): number | null {
  if (company.current_state !== 'PENDING_DELETE') return null;
  return Math.floor((company.current_state_applied_at.getTime() + PENDING_DELETE_DAYS * DAY_MS) / 1000);
}

/** Stores one line of a company's history (the platform's call context writes through this). */
export async function writeEvent(db: Database, event: AuditEvent): Promise<void> {
  await q.insertEvent(db, event);
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
export async function requireCompany(ctx: CallContext, companyId: number, mode: 'read' | 'write'): Promise<q.CompanyRow> {
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
export async function requireOpenCompany(ctx: CallContext, companyId: number, mode: 'read' | 'write'): Promise<q.CompanyRow> {
  const company = await requireCompany(ctx, companyId, mode);
  if (mode === 'write' && isClosed(company)) throw new AppError(400, CLOSED_MESSAGE);
  return company;
}

/** The company details a customer keeps themselves (My Account, Complete Signup). */
export type CompanyDetails = Partial<
  Pick<q.CompanyRow, 'company_name' | 'phone_number' | 'street_address' | 'city' | 'postal_code' | 'country'>
>;

export async function updateDetails(db: Database, companyId: number, details: CompanyDetails): Promise<void> {
  await q.updateCompany(db, companyId, details);
}

/** Every user of the company must set up two-factor before using the portal. */
/** Payments records whether the company has a saved card left, under the company's row lock (requireCompany 'write'). */
export async function setHasSavedCard(db: Database, companyId: number, has: boolean): Promise<void> {
  await q.updateCompany(db, companyId, { has_saved_card: has });
}

export async function setTwoFactorRule(db: Database, companyId: number, required: boolean): Promise<void> {
  await q.updateCompany(db, companyId, { require_two_factor: required });
}

/** Complete Signup: the details, when it happened, and the promo code kept for billing to credit. */
export async function completeSignup(
  db: Database,
  companyId: number,
  o: { details: Required<CompanyDetails>; at: Date; promoCode: string | null },
): Promise<void> {
  await q.updateCompany(db, companyId, {
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

export async function administer(db: Database, companyId: number, changes: AdministeredFields): Promise<void> {
  await q.updateCompany(db, companyId, changes);
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

/** A state change, with the reason the churn reports show for it ("Out of credit", "Trial ended without a plan"). */
export async function changeState(
  db: Database,
  companyId: number,
  state: CompanyState,
  at: Date,
  reason: string,
  fields: StateChangeFields = {},
) {
  await withStateReason(db, reason, (tx) =>
    q.updateCompany(tx, companyId, { current_state: state, current_state_applied_at: at, ...fields }),
  );
}

/**
 * New companies, as given (company creation, migration, the demo seed), their first state recorded with the
 * reason when one is given; without one the history row's reason is whatever this transaction noted last.
 */
export function createCompanies(db: Database, rows: q.NewCompany[], reason?: string): Promise<q.CompanyRow[]> {
  if (reason === undefined) return q.insertCompanies(db, rows);
  return withStateReason(db, reason, (tx) => q.insertCompanies(tx, rows));
}
