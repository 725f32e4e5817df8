import { isClosed, willDeleteAt } from '@portal/contract/shared/company-states';
import { DEFAULT_PAID_PLAN, PENDING_DELETE_DAYS } from '@portal/contract/shared/plans';
import type { CompanyState } from '@portal/contract/shared/fields';
import { isAdmin } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, forbidden } from '../../platform/errors.ts';
import * as auth from '../auth/service.ts';
import * as billing from '../billing/service.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import { OUT_OF_CREDIT, TRIAL_ENDED } from './suspension.ts';

const DAY_MS = 86_400_000;
/** Companies one run of a credit sweep handles; the scheduler runs it again while there are more. */
const CREDIT_SWEEP_BATCH = 200;
async function setState(
  ctx: CallContext,
  company: tenancy.CompanyRow,
  state: CompanyState,
  why: string,
  fields: tenancy.StateChangeFields = {},
) {
  await tenancy.changeState(ctx, { companyId: company.id, state, reason: why, fields });
}

/** Deletes the company for good: its users are signed out everywhere at once. */
async function deleteForGood(ctx: CallContext, company: tenancy.CompanyRow, why: string) {
  await setState(ctx, company, 'DELETED', why, { deleted_at: ctx.clock.now() });
  const ended = await auth.endCompanySessions(ctx, { companyId: company.id });
  if (ended > 0) await ctx.audit(company.id, `${ended} session${ended === 1 ? '' : 's'} signed out`);
}

/**
 * Deleting takes the data of everyone in the company, so a user may start it only as the primary
 * contact; the company's distributor and admins may too (requireCompany has let only them through).
 */
async function requireMayDelete(ctx: CallContext, company: tenancy.CompanyRow) {
  if (company.id !== ctx.actor.companyId) return;
  if (isAdmin(ctx.actor)) return;
  const user = await users.findUser(ctx, { userId: ctx.actor.userId });
  if (!user?.is_primary_contact) throw forbidden();
}

function refuseIfGone(company: tenancy.CompanyRow) {
  if (isClosed(company)) throw new AppError(400, 'This company has been deleted');
}

/** TRIAL -> ACTIVE, for good: the plan chosen during the trial becomes the plan. */
export async function convertToPaid(ctx: CallContext, input: { target_id: number }): Promise<null> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'write' });
  if (company.current_state !== 'TRIAL') throw new AppError(400, 'Only a trial can be converted to paid');
  const plan = company.plan_selected ?? DEFAULT_PAID_PLAN;
  await setState(ctx, company, 'ACTIVE', `Converted to paid on plan ${plan}`, {
    plan_id: plan,
    plan_selected: null,
    trial_expires_at: null,
    first_active_at: company.first_active_at ?? ctx.clock.now(),
  });
  return null;
}

export async function deleteCompany(
  ctx: CallContext,
  input: { target_company_id: number; target_force: boolean; target_confirm_company_name?: string },
) {
  const { actor, clock } = ctx;
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'write' });
  await requireMayDelete(ctx, company);
  refuseIfGone(company);
  if (input.target_force) {
    if (!isAdmin(actor)) throw forbidden();
    // The confirmation is the screen's (spec-1 §5); an API client sends the spec's payload without it.
    if (input.target_confirm_company_name !== undefined && input.target_confirm_company_name !== company.company_name) {
      throw badInput({ target_confirm_company_name: 'Type the company name exactly to confirm' });
    }
    // Services of later domains (licences, hosted servers, storage) are removed through their own services here.
    await deleteForGood(ctx, company, 'Deleted permanently');
    return { will_delete_at: null };
  }
  if (company.current_state === 'PENDING_DELETE') throw new AppError(400, 'This company is already pending deletion');
  await setState(ctx, company, 'PENDING_DELETE', 'Deleted (pending for 21 days)', {
    state_before_delete: company.current_state,
  });
  return { will_delete_at: willDeleteAt({ current_state: 'PENDING_DELETE', current_state_applied_at: clock.now() }) };
}

export async function reactivate(ctx: CallContext, input: { target_company_id?: number }): Promise<null> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'write' });
  if (company.current_state !== 'PENDING_DELETE') throw new AppError(400, 'Only a company pending deletion can be reactivated');
  const back = company.state_before_delete ?? 'ACTIVE';
  await setState(ctx, company, back, 'Reactivated', { state_before_delete: null });
  return null;
}

/**
 * Splits a company: a new company takes over its details and users, under the target distributor
 * or self-managed; the original becomes MIGRATED and keeps its history.
 */
export async function migrate(
  ctx: CallContext,
  input: { target_id: number; target_distributor_id?: number | null; target_confirm_company_name: string },
) {
  const { db, clock } = ctx;
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'write' });
  refuseIfGone(company);
  if (input.target_confirm_company_name !== company.company_name) {
    throw badInput({ target_confirm_company_name: 'Type the company name exactly to confirm' });
  }
  const distributorId = input.target_distributor_id ?? null;
  if (distributorId !== null) {
    const distributor = await tenancy.findCompany({ db }, { companyId: distributorId });
    if (distributor?.company_type !== 'distributor' || isClosed(distributor)) {
      throw badInput({ target_distributor_id: 'Choose a distributor' });
    }
  }
  const { id: _id, created_at: _c, ...copy } = company;
  const [created] = await tenancy.createCompanies(
    { db },
    {
      rows: [
        {
          ...copy,
          distributor_id: distributorId,
          migrated_from_id: company.id,
          current_state_applied_at: clock.now(),
          created_at: clock.now(),
        },
      ],
      reason: `Migrated from company #${company.id}`,
    },
  );
  if (!created) throw new AppError(500, 'Internal Error');
  await users.moveToCompany(ctx, { fromCompanyId: company.id, toCompanyId: created.id });
  await setState(ctx, company, 'MIGRATED', `Migrated to company #${created.id}`, { deleted_at: clock.now() });
  await ctx.audit(
    created.id,
    `Migrated from company #${company.id} (${distributorId === null ? 'self-managed' : `distributor #${distributorId}`})`,
  );
  return { new_company_id: created.id };
}

/** Scheduled: a trial past its end becomes ACTIVE on the plan chosen for it, or SUSPENDED without one. */
export async function expireTrials(ctx: CallContext): Promise<number> {
  const { clock } = ctx;
  const due = await tenancy.lockExpiredTrials(ctx, { now: clock.now() });
  for (const company of due) {
    if (company.plan_selected) {
      await setState(ctx, company, 'ACTIVE', `Trial ended; plan ${company.plan_selected} took effect`, {
        plan_id: company.plan_selected,
        plan_selected: null,
        first_active_at: company.first_active_at ?? clock.now(),
      });
    } else {
      await setState(ctx, company, 'SUSPENDED', TRIAL_ENDED);
    }
  }
  return due.length;
}

/** Scheduled: a company pending deletion for 21 days is deleted. */
export async function finalizePendingDeletes(ctx: CallContext): Promise<number> {
  const { clock } = ctx;
  const due = await tenancy.lockPendingDeletesBefore(ctx, {
    appliedBefore: new Date(clock.now().getTime() - PENDING_DELETE_DAYS * DAY_MS),
  });
  for (const company of due) {
    await deleteForGood(ctx, company, 'Pending deletion period over');
  }
  return due.length;
}

/**
 * Scheduled: an ACTIVE company whose credit has run out (billing says so: docs/decisions/0010) becomes
 * SUSPENDED, with a history line and a mail to its billing contacts. Contract-billing and out-of-band
 * companies are never suspended for balance; billing leaves them out.
 */
export async function suspendOutOfCredit(ctx: CallContext): Promise<number> {
  let suspended = 0;
  for (const id of await billing.companiesOutOfCredit(ctx, { limit: CREDIT_SWEEP_BATCH })) {
    // The company first, then its account, the order every call takes them in.
    const company = await tenancy.lockCompany(ctx, { companyId: id });
    if (company?.current_state !== 'ACTIVE' || !(await billing.isOutOfCredit(ctx, { companyId: id }))) continue;
    await setState(ctx, company, 'SUSPENDED', OUT_OF_CREDIT);
    await billing.markSuspendedForCredit(ctx, { companyId: id, suspended: true });
    await notifications.sendOutOfCreditMail(ctx, {
      companyId: id,
      companyName: company.company_name,
      balanceCents: await billing.balanceOf(ctx, { companyId: id }),
    });
    suspended++;
  }
  return suspended;
}

/**
 * Scheduled, the safety net: a company suspended for running out of credit that has credit again becomes ACTIVE.
 * A payment does this itself, in its own transaction (billing's addCredit); the sweep catches what no payment
 * brought, such as a company moved to contract billing.
 */
export async function restoreCreditedCompanies(ctx: CallContext): Promise<number> {
  let restored = 0;
  for (const id of await billing.companiesCreditRestored(ctx, { limit: CREDIT_SWEEP_BATCH })) {
    const company = await tenancy.lockCompany(ctx, { companyId: id });
    if (company && (await billing.restoreIfCredited(ctx, { company }))) restored++;
  }
  return restored;
}
