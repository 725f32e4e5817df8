import { SUSPENSION_MESSAGES, type Suspension } from '@portal/contract/companies/company-suspension';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';

/** The reasons the state history records for each kind of suspension (docs/decisions/0087). */
export const OUT_OF_CREDIT = 'Out of credit';
export const TRIAL_ENDED = 'Trial ended without a plan';
const BY_STAFF = 'Suspended by staff';

/**
 * Why a SUSPENDED company is suspended, from the change that suspended it: out of credit (billing's mark, which a
 * payment lifts), its trial ended without a plan (choosing one lifts it), or staff suspended it, with their note
 * (only staff lift it). A suspension with no known reason counts as staff's: paying would not lift it.
 */
export async function suspensionOf(ctx: CallContext, company: tenancy.CompanyRow): Promise<Suspension | null> {
  if (company.current_state !== 'SUSPENDED') return null;
  const last = await tenancy.lastSuspension(ctx, { companyId: company.id });
  const forCredit = (await billing.isSuspendedForCredit(ctx, { companyId: company.id })) || last?.reason === OUT_OF_CREDIT;
  const reason = forCredit ? 'out_of_credit' : last?.reason === TRIAL_ENDED ? 'trial_ended' : 'staff';
  const staffNote = last?.reason.startsWith(`${BY_STAFF}: `) ? last.reason.slice(BY_STAFF.length + 2) : null;
  return {
    reason,
    balance: await billing.balanceOf(ctx, { companyId: company.id }),
    note: reason === 'staff' ? staffNote : null,
    suspended_at: (last?.created_at ?? company.current_state_applied_at).toISOString(),
  };
}

/** The suspended page's question: why the caller's own company is suspended. */
export async function mine(ctx: CallContext): Promise<Suspension | null> {
  return suspensionOf(ctx, await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' }));
}

/**
 * An admin suspends an active or trial company, with a note its users are shown. The note is the reason the state
 * history keeps. The company carries no mark of a suspension for credit, so no payment lifts it.
 */
export async function suspend(ctx: CallContext, input: { target_id: number; target_note: string }): Promise<null> {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_id, mode: 'write' });
  if (company.current_state !== 'ACTIVE' && company.current_state !== 'TRIAL') throw new AppError(400, SUSPENSION_MESSAGES.notSuspendable);
  await tenancy.changeState(ctx, { companyId: company.id, state: 'SUSPENDED', reason: BY_STAFF, note: input.target_note });
  await billing.markSuspendedForCredit(ctx, { companyId: company.id, suspended: false });
  return null;
}

/**
 * An admin lifts a suspension made by staff: ACTIVE, or TRIAL while the company is still on the Trial plan. The
 * sweeps then suspend it again, for its own reason, if its credit has run out or its trial has ended.
 */
export async function lift(ctx: CallContext, input: { target_id: number }): Promise<null> {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_id, mode: 'write' });
  if ((await suspensionOf(ctx, company))?.reason !== 'staff') throw new AppError(400, SUSPENSION_MESSAGES.notSuspendedByStaff);
  const back = company.plan_id === 'Trial' ? 'TRIAL' : 'ACTIVE';
  await tenancy.changeState(ctx, { companyId: company.id, state: back, reason: 'Suspension lifted by staff' });
  return null;
}
