import { type CompanyPlan, LEGACY_DEADLINE, PLANS_LIST_ERROR } from '@portal/contract/billing/plans';
import type { PlanId } from '@portal/contract/shared/plans';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import {
  PENDING_DELETE_MESSAGE,
  type PlanRow,
  type PlanUsage,
  disallowedReasons,
  mostCostEffective,
  planCards,
  queuedUntil,
} from './plan-rules.ts';
import { companyFigures } from './figures.ts';
import { runningLimitedServices } from './queries/reads.ts';
import { markSuspendedForCredit } from './credit-state.ts';
import { balanceOf } from './ledger.ts';
import { listPlans as planRows } from './service-registry.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The plans are data: without them the page cannot be drawn, and the spec has its words for that. */
async function plansOrFail(ctx: CallContext): Promise<PlanRow[]> {
  const rows = await planRows(ctx);
  if (!rows.length) throw new AppError(500, PLANS_LIST_ERROR);
  return rows.map((r) => ({
    id: r.id as PlanId,
    name: r.name,
    amount: r.amount,
    default_serial_limit: r.default_serial_limit,
    default_hosted_server_limit: r.default_hosted_server_limit,
    rank: r.rank,
    is_selectable: r.is_selectable,
  }));
}

async function usageOf(ctx: CallContext, companyId: number): Promise<PlanUsage> {
  const [limited, figures] = await Promise.all([runningLimitedServices(ctx.db, companyId), companyFigures(ctx, companyId)]);
  return { ...limited, devices: figures.devices_online };
}

function companyPlan(company: tenancy.CompanyRow, now: Date): CompanyPlan {
  const queued = company.plan_selected ? queuedUntil(company, now) : null;
  return {
    plan: company.plan_id as PlanId,
    plan_selected: queued ? (company.plan_selected as PlanId) : null,
    plan_selected_effective_at: iso(queued),
    trial_expires_at: company.current_state === 'TRIAL' ? iso(company.trial_expires_at) : null,
    legacy_deadline: company.plan_id === 'Legacy' ? LEGACY_DEADLINE : null,
  };
}

export async function listPlans(ctx: CallContext) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  const [plans, usage] = await Promise.all([plansOrFail(ctx), usageOf(ctx, company.id)]);
  return { ...companyPlan(company, ctx.clock.now()), plans: planCards(company, plans, usage) };
}

/**
 * Picks a plan (decision 0019). A trial's or a Legacy company's choice waits for its date: the trial's end
 * (the lifecycle's expire-trials job, or Convert To Paid) or the Legacy deadline (applyLegacyDeadline).
 * Anyone else moves up at once; a move down is refused with the words of the plan card.
 */
export async function selectPlan(ctx: CallContext, input: { target_plan_id: PlanId }) {
  const { clock } = ctx;
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  if (company.current_state === 'PENDING_DELETE') throw new AppError(400, PENDING_DELETE_MESSAGE);
  const plans = await plansOrFail(ctx);
  const plan = plans.find((p) => p.id === input.target_plan_id);
  if (!plan) throw new AppError(500, PLANS_LIST_ERROR);
  const [reason] = disallowedReasons(plan, company, plans, await usageOf(ctx, company.id));
  if (reason) throw new AppError(400, reason, { target_plan_id: reason });

  const now = clock.now();
  const until = queuedUntil(company, now);
  if (until) {
    await tenancy.administer(ctx, {
      companyId: company.id,
      changes: { plan_selected: plan.id },
      history: [`Plan ${plan.id} chosen; it takes effect on ${until.toISOString().slice(0, 10)}`],
    });
    const after = { ...company, plan_selected: plan.id };
    return { ...companyPlan(after, now), message: `Your plan will change to ${plan.name} on ${until.toISOString().slice(0, 10)}` };
  }

  // A trial that ended without a plan was suspended for that (expire-trials): a plan ends that suspension,
  // as long as there is credit to run on; out of credit, it stays suspended until credit arrives.
  const endsTrialSuspension = company.current_state === 'SUSPENDED' && company.plan_id === 'Trial';
  const reactivate = endsTrialSuspension && (await balanceOf(ctx, company.id)) > 0;
  if (reactivate) {
    await tenancy.changeState(ctx, {
      companyId: company.id,
      state: 'ACTIVE',
      reason: `Plan ${plan.id} chosen after the trial ended`,
      fields: {
        plan_id: plan.id,
        plan_selected: null,
        first_active_at: company.first_active_at ?? now,
      },
    });
  } else {
    await tenancy.administer(ctx, {
      companyId: company.id,
      changes: { plan_id: plan.id, plan_selected: null },
      history: [`Plan changed: ${company.plan_id} -> ${plan.id}`],
    });
    // Out of credit now, so suspended for that from here on: the payment that brings it above zero restores it.
    if (endsTrialSuspension) await markSuspendedForCredit(ctx, company.id, true);
  }
  const after = { ...company, plan_id: plan.id, plan_selected: null };
  return { ...companyPlan(after, now), message: `Your plan is now ${plan.name}` };
}

/**
 * Scheduled: from the Legacy deadline on, each Legacy company moves to the plan it chose, or to the most
 * cost-effective plan for what it runs. Companies are locked a batch at a time, skipping those another node holds.
 */
export async function applyLegacyDeadline(ctx: CallContext): Promise<number> {
  if (ctx.clock.now() < new Date(LEGACY_DEADLINE)) return 0;
  const due = await tenancy.lockCompaniesOnPlan(ctx, { planId: 'Legacy' });
  if (!due.length) return 0;
  const plans = await plansOrFail(ctx);
  for (const company of due) {
    const chosen = plans.find((p) => p.id === company.plan_selected && p.is_selectable);
    const planId = chosen?.id ?? mostCostEffective(plans, await usageOf(ctx, company.id));
    if (!planId) throw new AppError(500, PLANS_LIST_ERROR);
    await tenancy.administer(ctx, {
      companyId: company.id,
      changes: { plan_id: planId, plan_selected: null },
      history: [
        chosen
          ? `Legacy deadline: plan ${planId} (chosen) took effect`
          : `Legacy deadline: given plan ${planId}, the most cost-effective for its use`,
      ],
    });
  }
  return due.length;
}
