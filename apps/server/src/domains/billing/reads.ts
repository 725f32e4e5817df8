import type { ActiveService } from '@portal/contract/billing/active-services';
import type { CreditPack } from '@portal/contract/billing/credit-packs';
import { DAILY_STATS_WINDOW_DAYS, type DailyStats } from '@portal/contract/billing/daily-stats';
import { BALANCE_HISTORY_DAYS } from '@portal/contract/billing/summary';
import type { UsageRow } from '@portal/contract/billing/usage';
import { hasRole, isStaff } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { likePattern } from '../../platform/search.ts';
import * as tenancy from '../tenancy/service.ts';
import { addDays, checkDayRange, dayOf, isNotFinalized, startOfDay } from './days.ts';
import * as q from './queries/reads.ts';
import { estimatesOf } from './estimates.ts';
import { companyFigures } from './figures.ts';
import { balanceOf } from './ledger.ts';

const DAY_MS = 86_400_000;
export const CONTRACT_BILLING_MESSAGE = 'Your account is billed by contract: its balance is not shown here';
export const CREDIT_USAGE_HIDDEN = 'Your distributor has not enabled credit and usage for this account';
export const SERVICES_HIDDEN = 'Your distributor has not enabled active services for this account';

type Page = { page: number; page_size: number };
const offsetOf = (p: Page) => (p.page - 1) * p.page_size;

/**
 * The caller's own company, for the calls that take no company id. Its users reach credit and usage only
 * while the distributor lets them (can_view_billing_credit_usage); a contract-billing company never sees
 * its balance (spec-2 §6).
 */
async function ownCompany(ctx: CallContext, need: { credit?: boolean; balance?: boolean }) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  if (need.credit && !company.can_view_billing_credit_usage) throw new AppError(403, CREDIT_USAGE_HIDDEN);
  if (need.balance && company.has_contract_billing) throw new AppError(403, CONTRACT_BILLING_MESSAGE);
  return company;
}

/** Expired, empty, or the remaining-percentage bar (spec-2 §4); what remains is 0 unless it is usable. */
export function packView(p: q.PackRow, now: Date): CreditPack {
  const expired = p.expired_at !== null || (p.expiry_date !== null && p.expiry_date <= now);
  const empty = !expired && p.amount_used >= p.amount;
  const left = p.amount - p.amount_used - p.amount_expired;
  const display = expired ? 'expired' : empty || left <= 0 ? 'empty' : 'remaining';
  return {
    id: p.id,
    name: p.name,
    amount: p.amount,
    amount_used: p.amount_used,
    remaining: display === 'remaining' ? left : 0,
    added_by_user: p.added_by_user,
    purchase_date: p.purchase_date.toISOString(),
    expiry_date: p.expiry_date?.toISOString() ?? null,
    is_expired: display !== 'remaining',
    display,
  };
}

export function adminPackView(p: q.PackRow, now: Date) {
  return {
    ...packView(p, now),
    company_id: p.company_id,
    cost: p.cost,
    source: p.source,
    is_oob_payment: p.is_oob_payment,
    creates_billing_entry: p.creates_billing_entry,
  };
}

export async function listCreditPacks(ctx: CallContext, input: Page) {
  const company = await ownCompany(ctx, { credit: true, balance: true });
  const now = ctx.clock.now();
  const [page, balance] = await Promise.all([
    q.pagePacks(ctx.db, company.id, now, input.page_size, offsetOf(input)),
    balanceOf(ctx, company.id),
  ]);
  return { rows: page.rows.map((p) => packView(p, now)), total: page.total, balance };
}

interface UsageInput extends Page {
  target_search_query: string;
  target_from?: string | null;
  target_to?: string | null;
}

async function usagePage(ctx: CallContext, companyId: number, input: UsageInput) {
  const now = ctx.clock.now();
  const { from, to } = checkDayRange(input, now);
  const text = input.target_search_query.trim();
  const page = await q.pageUsage(ctx.db, {
    companyId,
    from,
    to,
    pattern: text ? likePattern(text) : null,
    limit: input.page_size,
    offset: offsetOf(input),
  });
  const deductions = await q.deductionsOf(
    ctx.db,
    companyId,
    page.rows.map((r) => r.id),
  );
  const rows: UsageRow[] = page.rows.map((r) => ({
    id: r.id,
    type: r.kind,
    details: r.details,
    usage: { amount_used: r.amount, date_used: r.charge_day },
    topup_deductions: deductions
      .filter((d) => d.usage_id === r.id)
      .map((d) => ({ topup_name: d.name, topup_amount_deducted: -d.amount, topup_expiry: d.expiry_date?.toISOString() ?? null })),
    device: r.kind === 'device' ? r.quantity : null,
    booster: r.kind === 'booster' ? r.quantity : null,
    service_pricing: r.pricing_description,
    not_finalized: isNotFinalized(r.charge_day, now),
  }));
  return { rows, total: page.total };
}

export async function usageTable(ctx: CallContext, input: UsageInput) {
  const company = await ownCompany(ctx, { credit: true });
  return usagePage(ctx, company.id, input);
}

/** The export: the caller's company, or with target_company_id (admins, by contract) any company. */
export async function billingHistory(ctx: CallContext, input: UsageInput & { target_company_id?: number }) {
  const company =
    input.target_company_id === undefined || input.target_company_id === ctx.actor.companyId
      ? await ownCompany(ctx, { credit: true })
      : await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'read' });
  // The admin variant is the admins': a customer naming another company reads nothing of it.
  if (company.id !== ctx.actor.companyId && !hasRole(ctx.actor, 'admin')) throw forbidden();
  const page = await usagePage(ctx, company.id, input);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      date_used: r.usage.date_used,
      type: r.type,
      details: r.details,
      service_pricing: r.service_pricing,
      amount_used_cents: r.usage.amount_used,
      packs_used: r.topup_deductions.map((d) => `${d.topup_name}: ${d.topup_amount_deducted}`).join('; '),
      not_finalized: r.not_finalized,
    })),
  };
}

/**
 * When a service is charged next. A longer cycle's date moves on with each charge; a daily service's stays at
 * its start (the run charges it every day without rewriting it), so once it has started its next charge is
 * the next billing day's.
 */
function nextChargeOf(s: { rebill_every_days: number; next_charge_again_at: Date }, now: Date): Date {
  if (s.rebill_every_days !== 1) return s.next_charge_again_at;
  const tomorrow = startOfDay(addDays(dayOf(now), 1));
  return s.next_charge_again_at > tomorrow ? s.next_charge_again_at : tomorrow;
}

/**
 * A company's running services: the caller's own, or the named company's for those who reach it (staff
 * every company, a distributor its sub-accounts). The distributor's switch hides them from the sub-account.
 */
export async function activeServices(ctx: CallContext, input: Page & { target_company_id?: number }) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'read' });
  const ownUsers = company.id === ctx.actor.companyId && !isStaff(ctx.actor);
  if (ownUsers && !company.can_view_billing_active_services) throw new AppError(403, SERVICES_HIDDEN);
  const page = await q.pageActiveServices(ctx.db, company.id, input.page_size, offsetOf(input));
  const now = ctx.clock.now();
  const rows: ActiveService[] = page.rows.map((s) => ({
    id: s.id,
    type: s.kind,
    details: s.details,
    rebill_every_days: s.rebill_every_days,
    next_charge_again_at: nextChargeOf(s, now).toISOString(),
    unit_cost: s.unit_cost,
    quantity: s.quantity,
    amount: s.amount,
    pricing_description: s.pricing_description,
    hosted_server_id: s.hosted_server_id,
    wasabi_usage_bytes: s.wasabi_usage_bytes,
    serial_count: s.serial_count,
  }));
  return { rows, total: page.total, updated_at: page.updated_at?.toISOString() ?? null };
}

/** The dashboard's figures; a contract-billing company gets no balance and no runway (spec-2 §6). */
export async function creditSummary(ctx: CallContext) {
  const company = await ownCompany(ctx, {});
  const hidden = company.has_contract_billing || !company.can_view_billing_credit_usage;
  const [estimates, latest, figures] = await Promise.all([
    estimatesOf(ctx, company.id),
    q.latestUsageDay(ctx.db, company.id),
    companyFigures(ctx, company.id),
  ]);
  return {
    balance: hidden ? null : estimates.balance,
    days_remaining: hidden ? null : estimates.days_remaining,
    estimated_monthly_cents: estimates.estimated_monthly_cents,
    estimated_weekly_cents: estimates.estimated_weekly_cents,
    latest_usage: latest,
    device_count: figures.devices_online,
    booster_count: figures.boosters_online,
    has_contract_billing: company.has_contract_billing,
  };
}

/** The balance at the end of each of the last 90 days, walked back from today's balance through the ledger. */
export async function balanceHistory(ctx: CallContext) {
  const company = await ownCompany(ctx, { credit: true, balance: true });
  const now = ctx.clock.now();
  const today = dayOf(now);
  const first = addDays(today, -(BALANCE_HISTORY_DAYS - 1));
  // A day or two more than the window, so that the zone's offset never drops the first day's rows.
  const [balance, byDay] = await Promise.all([
    balanceOf(ctx, company.id),
    q.ledgerByDay(ctx.db, company.id, new Date(now.getTime() - (BALANCE_HISTORY_DAYS + 2) * DAY_MS)),
  ]);
  const moves = new Map(byDay.map((d) => [d.day, d]));
  const days: { date: string; balance: number; charged: number; credited: number }[] = [];
  let end = balance;
  for (let day = today; day >= first; day = addDays(day, -1)) {
    const m = moves.get(day);
    days.push({ date: day, balance: end, charged: m?.charged ?? 0, credited: m?.credited ?? 0 });
    end -= m?.net ?? 0;
  }
  return { days: days.reverse() };
}

/** At most 60 days of daily stats, ending target_to (default today). */
export async function dailyStatsList(
  ctx: CallContext,
  input: { target_company_ids: number[]; target_from?: string | null; target_to?: string | null },
) {
  const { from, to, today } = checkDayRange(input, ctx.clock.now());
  const end = to ?? today;
  const earliest = addDays(end, -(DAILY_STATS_WINDOW_DAYS - 1));
  const start = from && from > earliest ? from : earliest;
  const ids = [...new Set(input.target_company_ids)];
  const rows = await q.dailyStatsOf(ctx.db, ids, start, end);
  return { rows: rows.map(dailyStatsView), from: start, to: end };
}

function dailyStatsView(r: NonNullable<Awaited<ReturnType<typeof q.latestDailyStatsOf>>>): DailyStats {
  return {
    company_id: r.company_id,
    date: r.date,
    device_count: r.device_count,
    booster_count: r.booster_count,
    hosted_comet_v2_count: r.hosted_comet_v2_count,
    cloudview_count: r.cloudview_count,
    storage_amount_bytes: r.storage_amount_bytes,
    storage_active_count: r.storage_amount_bytes > 0 ? 1 : 0,
    server_version: r.server_version || null,
  };
}

/** The company's latest day of stats (the company record's daily_stats, spec-1 §3), or null before any. */
export async function latestDailyStats(ctx: CallContext, companyId: number): Promise<DailyStats | null> {
  const row = await q.latestDailyStatsOf(ctx.db, companyId);
  return row ? dailyStatsView(row) : null;
}
