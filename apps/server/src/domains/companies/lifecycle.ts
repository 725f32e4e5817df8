import { PENDING_DELETE_DAYS } from '@portal/contract/shared/plans';
import type { CompanyState } from '@portal/contract/shared/fields';
import { type Actor, hasRole } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, badInput, forbidden } from '../../platform/errors.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { addEvent, requireCompany, willDeleteAt } from './service.ts';

const DAY_MS = 86_400_000;
/** The plan a converted trial gets when nobody chose one. */
const DEFAULT_PAID_PLAN = 'Starter';
const GONE: readonly CompanyState[] = ['DELETED', 'MIGRATED'];

export const SYSTEM_ACTOR = 'system';

async function setState(
  db: Database,
  clock: Clock,
  company: q.CompanyRow,
  state: CompanyState,
  actor: string,
  why: string,
  extra: Partial<q.NewCompany> = {},
) {
  await q.updateCompany(db, company.id, { current_state: state, current_state_applied_at: clock.now(), ...extra });
  await addEvent(db, clock, company.id, actor, `${why}: ${company.current_state} -> ${state}`);
}

function refuseIfGone(company: q.CompanyRow) {
  if (GONE.includes(company.current_state)) throw new AppError(400, 'This company has been deleted');
}

/** TRIAL -> ACTIVE, for good: the plan chosen during the trial becomes the plan. */
export async function convertToPaid(db: Database, clock: Clock, actor: Actor, companyId: number) {
  const company = await requireCompany(db, actor, companyId, 'write');
  if (company.current_state !== 'TRIAL') throw new AppError(400, 'Only a trial can be converted to paid');
  const plan = company.plan_selected ?? DEFAULT_PAID_PLAN;
  await setState(db, clock, company, 'ACTIVE', await users.describeUser(db, actor.userId), `Converted to paid on plan ${plan}`, {
    plan_id: plan,
    plan_selected: null,
    trial_expires_at: null,
    first_active_at: company.first_active_at ?? clock.now(),
  });
}

export async function deleteCompany(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { target_company_id: number; target_force: boolean; target_confirm_company_name?: string },
) {
  const company = await requireCompany(db, actor, input.target_company_id, 'write');
  refuseIfGone(company);
  const who = await users.describeUser(db, actor.userId);
  if (input.target_force) {
    if (!hasRole(actor, 'admin') || hasRole(actor, 'admin_impersonating')) throw forbidden();
    if (input.target_confirm_company_name !== company.company_name) {
      throw badInput({ target_confirm_company_name: 'Type the company name exactly to confirm' });
    }
    // Services of later domains (licences, hosted servers, storage) are removed through their own services here.
    await setState(db, clock, company, 'DELETED', who, 'Deleted permanently', { deleted_at: clock.now() });
    return { will_delete_at: null };
  }
  if (company.current_state === 'PENDING_DELETE') throw new AppError(400, 'This company is already pending deletion');
  await setState(db, clock, company, 'PENDING_DELETE', who, 'Deleted (pending for 21 days)', {
    state_before_delete: company.current_state,
  });
  return { will_delete_at: willDeleteAt({ current_state: 'PENDING_DELETE', current_state_applied_at: clock.now() }) };
}

export async function reactivate(db: Database, clock: Clock, actor: Actor, companyId: number) {
  const company = await requireCompany(db, actor, companyId, 'write');
  if (company.current_state !== 'PENDING_DELETE') throw new AppError(400, 'Only a company pending deletion can be reactivated');
  const back = company.state_before_delete ?? 'ACTIVE';
  await setState(db, clock, company, back, await users.describeUser(db, actor.userId), 'Reactivated', { state_before_delete: null });
}

/**
 * Splits a company: a new company takes over its details and users, under the target distributor
 * or self-managed; the original becomes MIGRATED and keeps its history.
 */
export async function migrate(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { target_id: number; target_distributor_id?: number | null; target_confirm_company_name: string },
) {
  const company = await requireCompany(db, actor, input.target_id, 'write');
  refuseIfGone(company);
  if (input.target_confirm_company_name !== company.company_name) {
    throw badInput({ target_confirm_company_name: 'Type the company name exactly to confirm' });
  }
  const distributorId = input.target_distributor_id ?? null;
  if (distributorId !== null) {
    const distributor = await q.findCompany(db, distributorId);
    if (distributor?.company_type !== 'distributor' || GONE.includes(distributor.current_state)) {
      throw badInput({ target_distributor_id: 'Choose a distributor' });
    }
  }
  const { id: _id, created_at: _c, ...copy } = company;
  const [created] = await q.insertCompanies(db, [
    {
      ...copy,
      distributor_id: distributorId,
      migrated_from_id: company.id,
      current_state_applied_at: clock.now(),
      created_at: clock.now(),
    },
  ]);
  if (!created) throw new AppError(500, 'Internal Error');
  await users.moveUsers(db, company.id, created.id);
  const who = await users.describeUser(db, actor.userId);
  await setState(db, clock, company, 'MIGRATED', who, `Migrated to company #${created.id}`, { deleted_at: clock.now() });
  await addEvent(
    db,
    clock,
    created.id,
    who,
    `Migrated from company #${company.id} (${distributorId === null ? 'self-managed' : `distributor #${distributorId}`})`,
  );
  return { new_company_id: created.id };
}

/** Scheduled: a trial past its end becomes ACTIVE on the plan chosen for it, or SUSPENDED without one. */
export async function expireTrials(db: Database, clock: Clock): Promise<number> {
  const due = await q.lockExpiredTrials(db, clock.now());
  for (const company of due) {
    if (company.plan_selected) {
      await setState(db, clock, company, 'ACTIVE', SYSTEM_ACTOR, `Trial ended; plan ${company.plan_selected} took effect`, {
        plan_id: company.plan_selected,
        plan_selected: null,
        first_active_at: company.first_active_at ?? clock.now(),
      });
    } else {
      await setState(db, clock, company, 'SUSPENDED', SYSTEM_ACTOR, 'Trial ended without a plan');
    }
  }
  return due.length;
}

/** Scheduled: a company pending deletion for 21 days is deleted. */
export async function finalizePendingDeletes(db: Database, clock: Clock): Promise<number> {
  const due = await q.lockPendingDeletesBefore(db, new Date(clock.now().getTime() - PENDING_DELETE_DAYS * DAY_MS));
  for (const company of due) {
    await setState(db, clock, company, 'DELETED', SYSTEM_ACTOR, 'Pending deletion period over', { deleted_at: clock.now() });
  }
  return due.length;
}
