import type { CallContext } from '../../platform/context.ts';
import * as tenancy from '../tenancy/service.ts';
import { dayOf } from './days.ts';
import * as q from './queries/reads.ts';

const DAY_MS = 86_400_000;
type Page = { page: number; page_size: number };

/**
 * A device's share of the device charges since it was first seen: each charge day's amount split evenly
 * over the devices charged that day. What the weekly refund credits back if the device is deleted in time.
 */
export function shareSince(charges: { day: string; amount: number; quantity: number }[], firstDay: string): number {
  return charges.filter((c) => c.day >= firstDay && c.quantity > 0).reduce((sum, c) => sum + Math.round(c.amount / c.quantity), 0);
}

/** Active New Users: devices first seen within customer_trial_length_days and not deleted, oldest first. */
export async function listEligible(ctx: CallContext, input: Page) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  const now = ctx.clock.now();
  const windowMs = company.customer_trial_length_days * DAY_MS;
  const since = new Date(now.getTime() - windowMs);
  const page = await q.pageDevicesSeenSince(ctx.db, company.id, since, input.page_size, (input.page - 1) * input.page_size);
  const firstDays = page.rows.map((d) => dayOf(d.first_seen_at)).sort();
  const charges = firstDays[0] ? await q.deviceChargesSince(ctx.db, company.id, firstDays[0]) : [];
  return {
    total: page.total,
    rows: page.rows.map((d) => {
      const end = new Date(d.first_seen_at.getTime() + windowMs);
      return {
        username: d.username,
        days_remaining_trial: Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)),
        trial_end_time: end.toISOString(),
        amount: shareSince(charges, dayOf(d.first_seen_at)),
      };
    }),
  };
}

/** New User Refunds: the refund packs credited, newest first, with the users each refunded. */
export async function listHistory(ctx: CallContext, input: Page) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  const page = await q.pageRefunds(ctx.db, company.id, input.page_size, (input.page - 1) * input.page_size);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      purchase_date: new Date(r.purchase_date).toISOString(),
      refunded_users: r.users,
    })),
  };
}
