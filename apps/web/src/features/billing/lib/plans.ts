import type { CompanyPlan, Plan } from '@portal/contract/billing/plans';
import type { PlanId } from '@portal/contract/shared/plans';
import { formatCents } from '../../../lib/money';
import { formatDate } from '../../../lib/dates';

/** Where Enterprise's Contact sales leads until sales can be reached through a ticket (decision 0020). */
export const SALES_CONTACT_URL = 'mailto:sales@example.com?subject=Enterprise%20plan';

/** Plans no one picks: a trial and the old pricing are given, never chosen (decision 0019). */
export const UNPICKABLE: readonly PlanId[] = ['Trial', 'Legacy'];

/**
 * '$3.00 per device per month': the device price is what a plan charges per endpoint, exactly, not a "from"
 * price; most paid plans share it, so a card leads with what the plan includes (planHeadline). Enterprise is
 * quoted by sales.
 */
export function planPriceText(plan: Pick<Plan, 'amount'>): string {
  return plan.amount === null ? 'Priced by sales' : `${formatCents(plan.amount)} per device per month`;
}

/** What sets a plan apart from the others: the servers it includes. */
export function planHeadline(plan: Pick<Plan, 'default_serial_limit' | 'default_hosted_server_limit'>): string {
  const [licences = '', hosted = ''] = planLimits(plan);
  return `${licences} and ${hosted}`;
}

function limitText(count: number | null, one: string, many: string): string {
  if (count === null) return `Unlimited ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** What a plan includes, in words for its card. */
export function planLimits(plan: Pick<Plan, 'default_serial_limit' | 'default_hosted_server_limit'>): string[] {
  return [
    limitText(plan.default_serial_limit, 'self-hosted server licence', 'self-hosted server licences'),
    limitText(plan.default_hosted_server_limit, 'hosted server', 'hosted servers'),
  ];
}

/** Plans are listed cheapest first (their rank): a lower one than the current plan is a downgrade. */
export function isDowngrade(plans: readonly Pick<Plan, 'id'>[], current: PlanId, target: PlanId): boolean {
  if (UNPICKABLE.includes(current)) return false;
  const rank = (id: PlanId) => plans.findIndex((plan) => plan.id === id);
  return rank(target) < rank(current);
}

export type PlanChoice = Pick<CompanyPlan, 'plan' | 'trial_expires_at' | 'legacy_deadline'>;

/**
 * What picking `target` does, for the confirmation (decision 0019): a trial's choice waits for the trial's
 * end, a Legacy choice for the Legacy deadline (if it is still ahead), anything else is an upgrade now.
 */
export function selectionEffect(company: PlanChoice, target: string, now: Date = new Date()): string {
  if (company.plan === 'Trial') {
    return company.trial_expires_at
      ? `${target} starts when your trial ends, on ${formatDate(company.trial_expires_at)}, and your account is charged at its prices from then.`
      : `${target} starts when your trial ends, and your account is charged at its prices from then.`;
  }
  if (company.plan === 'Legacy' && company.legacy_deadline && new Date(company.legacy_deadline) > now) {
    return `You keep your Legacy prices until ${formatDate(company.legacy_deadline)}; ${target} starts then.`;
  }
  return `Your account moves to ${target} now, and the next daily charge is at its prices. To move to a lower plan later, you will need to contact sales.`;
}
