import type { Plan } from '@portal/contract/billing/plans';
import { DOWNGRADE_MESSAGE, LEGACY_DEADLINE } from '@portal/contract/billing/plans';
import type { CompanyState } from '@portal/contract/shared/fields';
import type { PlanId } from '@portal/contract/shared/plans';

/** A plan as stored (plans are data): its price and limits, and its place in the price order. */
export interface PlanRow {
  id: PlanId;
  name: string;
  /** Cents per endpoint per month; null where sales quote a price. */
  amount: number | null;
  default_serial_limit: number | null;
  default_hosted_server_limit: number | null;
  /** Position in the price order: a move to a lower rank is a downgrade. */
  rank: number;
  /** Customers may pick it themselves; the others are situations (Trial, Legacy) or quoted by sales. */
  is_selectable: boolean;
}

/** The company's side of a plan decision. */
export interface PlanHolder {
  plan_id: string;
  plan_selected: string | null;
  current_state: CompanyState;
  trial_expires_at: Date | null;
}

/** What the company runs that plans limit; licences and consoles are counted from billing's services. */
export interface PlanUsage {
  serials: number;
  hostedServers: number;
  devices: number;
}

export const LEGACY_DEADLINE_AT = new Date(LEGACY_DEADLINE);

/** Why a plan customers cannot pick is not offered; any other such plan is quoted by sales (Enterprise). */
const NOT_OFFERED: Partial<Record<PlanId, string>> = {
  Trial: 'The trial plan cannot be chosen',
  Legacy: 'The Legacy plan is no longer offered',
};
export const ENTERPRISE_MESSAGE = 'Please contact sales for the Enterprise plan';
export const CURRENT_PLAN_MESSAGE = 'This is your current plan';
export const PENDING_DELETE_MESSAGE = 'A company pending deletion cannot change its plan';

/** A company that has no paid plan yet: a trial, or a trial that ended without choosing (plan still Trial). */
const withoutPaidPlan = (c: PlanHolder) => c.current_state === 'TRIAL' || c.plan_id === 'Trial';

/** The limits the company's use exceeds on this plan, in words for the card. */
function limitReasons(plan: PlanRow, usage: PlanUsage): string[] {
  const reasons: string[] = [];
  const over = (n: number, limit: number | null) => limit !== null && n > limit;
  if (over(usage.serials, plan.default_serial_limit)) {
    reasons.push(`Your account has ${usage.serials} self-hosted licences; this plan allows ${plan.default_serial_limit}`);
  }
  if (over(usage.hostedServers, plan.default_hosted_server_limit)) {
    reasons.push(`Your account has ${usage.hostedServers} hosted servers; this plan allows ${plan.default_hosted_server_limit}`);
  }
  return reasons;
}

/** Why the company cannot pick the plan now; empty when it can. */
export function disallowedReasons(plan: PlanRow, company: PlanHolder, plans: readonly PlanRow[], usage: PlanUsage): string[] {
  if (!plan.is_selectable) return [NOT_OFFERED[plan.id] ?? ENTERPRISE_MESSAGE];
  const reasons = limitReasons(plan, usage);
  if (!withoutPaidPlan(company) && company.plan_id !== 'Legacy') {
    const current = plans.find((p) => p.id === company.plan_id);
    if (plan.id === company.plan_id) reasons.unshift(CURRENT_PLAN_MESSAGE);
    else if (current && plan.rank < current.rank) reasons.unshift(DOWNGRADE_MESSAGE);
  }
  return reasons;
}

export function planCards(company: PlanHolder, plans: readonly PlanRow[], usage: PlanUsage): Plan[] {
  return [...plans]
    .sort((a, b) => a.rank - b.rank)
    .map((p) => {
      const reasons = disallowedReasons(p, company, plans, usage);
      return {
        id: p.id,
        name: p.name,
        // A plan sales quote has no list price.
        amount: p.is_selectable || NOT_OFFERED[p.id] ? p.amount : null,
        default_serial_limit: p.default_serial_limit,
        default_hosted_server_limit: p.default_hosted_server_limit,
        disallowed: reasons.length > 0,
        disallowed_reasons: reasons,
      };
    });
}

/**
 * When a chosen plan takes effect: a trial's at the trial's end (the lifecycle job applies it), a Legacy
 * company's at the Legacy deadline (the deadline job applies it); otherwise now (null).
 */
export function queuedUntil(company: PlanHolder, now: Date): Date | null {
  if (company.current_state === 'TRIAL') return company.trial_expires_at ?? now;
  if (company.plan_id === 'Legacy' && now < LEGACY_DEADLINE_AT) return LEGACY_DEADLINE_AT;
  return null;
}

/**
 * The plan a Legacy company is given at the deadline when it chose none: of the plans on offer whose
 * limits fit what it runs, the one that costs least for its devices (then the lower rank); when none
 * fits, the offered plan with the highest rank.
 */
export function mostCostEffective(plans: readonly PlanRow[], usage: PlanUsage): PlanId | null {
  const offered = plans.filter((p) => p.is_selectable && p.amount !== null);
  const fits = offered.filter((p) => limitReasons(p, usage).length === 0);
  const cost = (p: PlanRow) => (p.amount ?? 0) * Math.max(usage.devices, 1);
  const best = [...fits].sort((a, b) => cost(a) - cost(b) || a.rank - b.rank)[0];
  if (best) return best.id;
  return [...offered].sort((a, b) => b.rank - a.rank)[0]?.id ?? null;
}
