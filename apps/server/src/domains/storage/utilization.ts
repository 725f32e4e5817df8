import { STORAGE_CENTS_PER_TB_MONTH, STORAGE_TB_BYTES } from '@portal/contract/storage/storage';
import { STORAGE_CHART_DAYS, STORAGE_HISTORY_DAYS, type UtilizationDay } from '@portal/contract/storage/usage';
import { DAY_IN_FUTURE_MESSAGE, FROM_AFTER_TO_MESSAGE } from '@portal/contract/billing/fields';
import type { CallContext } from '../../platform/context.ts';
import { badInput } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { type BucketUsage, StorageProviderError, type StorageProvider, storageProviderFor } from './provider/index.ts';
import * as q from './queries.ts';

/**
 * The daily storage utilization (spec-1 §3 Storage usage; docs/decisions/0055): a job measures what each
 * account really stores at the provider, per region, and records the day's PaddedStorageSizeBytes,
 * MetadataStorageSizeBytes and DeletedStorageSizeBytes; billing charges the day's storage from the same
 * bytes (its daily stats), and the History tab and the dashboard chart read them back.
 */
type Ctx = CallContext;

export const UTILIZATION_JOB = 'storage-utilization';
/** How often an account is measured again within a day (the job's interval when JOB_INTERVALS names it). */
export const REMEASURE_MS = 6 * 3_600_000;
/** Accounts per transaction: each is one provider call; the scheduler runs batches until none is due. */
export const UTILIZATION_BATCH = 200;

const DAY_MS = 86_400_000;

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** One account's buckets as the day's rows, a row per region (the provider's figures summed). */
export function regionalRows(companyId: number, usage: readonly BucketUsage[]): q.UtilizationRow[] {
  const byRegion = new Map<string, q.UtilizationRow>();
  for (const u of usage) {
    let row = byRegion.get(u.region);
    if (!row) {
      row = { company_id: companyId, region: u.region, padded: 0, metadata: 0, deleted: 0, buckets: 0 };
      byRegion.set(u.region, row);
    }
    row.padded += u.paddedBytes ?? u.activeBytes;
    row.metadata += u.metadataBytes ?? 0;
    row.deleted += u.deletedBytes;
    row.buckets += 1;
  }
  return [...byRegion.values()].sort((a, b) => a.region.localeCompare(b.region));
}

/** The bytes a day is charged for: every region's padded, metadata and deleted bytes. */
export const chargedBytes = (rows: readonly { padded: number; metadata: number; deleted: number }[]) =>
  rows.reduce((sum, r) => sum + r.padded + r.metadata + r.deleted, 0);

/**
 * One batch of the job, in the scheduler's transaction: locks and marks measured the next accounts not measured
 * since the interval began or since the billing day began (skipping those another node holds), measures each
 * at the provider, rewrites the day's rows and gives billing the day's bytes. Answers
 * how many accounts it handled (0: none due, the scheduler stops).
 *
 * Billing charges day D as soon as D begins (docs/decisions/0022), before D can be measured: so the
 * measurement is also given as the next day's figure, which that day's own measurement later replaces. Day D
 * is thus charged for the bytes last measured before it began.
 */
export async function utilizationJob(ctx: Ctx, provider: StorageProvider = storageProviderFor(ctx.config)): Promise<number> {
  const now = ctx.clock.now();
  const today = billing.billingDayOf(ctx, { at: now });
  const every = ctx.config.JOB_INTERVALS[UTILIZATION_JOB] ?? REMEASURE_MS;
  // Due: measured before the billing day began, or an interval ago (a tenth early: the job wakes each interval).
  const dueBefore = new Date(Math.max(billing.billingDayStart(ctx, { day: today }).getTime(), now.getTime() - every * 0.9));
  // Locked and marked measured at once: an account the provider refuses is tried again at the next interval.
  const accounts = await q.claimDueAccounts(ctx.db, dueBefore, now, UTILIZATION_BATCH);
  if (!accounts.length) return 0;
  const rows: q.UtilizationRow[] = [];
  const measured: q.DueAccount[] = [];
  for (const account of accounts) {
    try {
      rows.push(...regionalRows(account.company_id, await provider.utilization(account.provider_account_id)));
      measured.push(account);
    } catch (err) {
      // Left unmeasured today; the account is tried again at the next interval (it is marked already).
      if (!(err instanceof StorageProviderError)) throw err;
      ctx.log.warn({ err, account: account.id }, 'storage utilization: the provider refused');
    }
  }
  const companies = measured.map((a) => a.company_id);
  await q.writeUtilization(ctx.db, today, companies, rows, now);
  const totals = new Map(companies.map((id) => [id, 0]));
  for (const r of rows) totals.set(r.company_id, (totals.get(r.company_id) ?? 0) + r.padded + r.metadata + r.deleted);
  const tomorrow = addDays(today, 1);
  await billing.recordStorageAmounts(ctx, {
    rows: [...totals].flatMap(([company_id, bytes]) => [
      { company_id, date: today, storage_amount_bytes: bytes },
      { company_id, date: tomorrow, storage_amount_bytes: bytes },
    ]),
  });
  return accounts.length;
}

/** Cents a day at the list price for that many bytes, the 1 TB minimum applied (spec-1 §9, spec-2 §9). */
export function dailyCostCents(bytes: number): number {
  return (Math.max(bytes, STORAGE_TB_BYTES) / STORAGE_TB_BYTES) * (STORAGE_CENTS_PER_TB_MONTH / 30);
}

/** wasabi-usage-get: the caller's company's last 90 days per region, its buckets, and the day's estimate. */
export async function usageGet(ctx: Ctx) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  const today = billing.billingDayOf(ctx);
  const records = await q.utilizationOf(ctx.db, company.id, addDays(today, 1 - STORAGE_HISTORY_DAYS), today);
  const History: UtilizationDay[] = [];
  for (const r of records) {
    let day = History.at(-1);
    if (!day || day.Date !== r.day) {
      day = { Date: r.day, EndTime: billing.billingDayStart(ctx, { day: addDays(r.day, 1) }).toISOString(), RegionalUtilizations: [] };
      History.push(day);
    }
    day.RegionalUtilizations.push({
      Region: r.region,
      PaddedStorageSizeBytes: r.padded_storage_size_bytes,
      MetadataStorageSizeBytes: r.metadata_storage_size_bytes,
      DeletedStorageSizeBytes: r.deleted_storage_size_bytes,
    });
  }
  const latest = History.at(-1)?.RegionalUtilizations ?? [];
  const bytes = latest.reduce((s, u) => s + u.PaddedStorageSizeBytes + u.MetadataStorageSizeBytes + u.DeletedStorageSizeBytes, 0);
  const enabled = Boolean(await q.accountOf(ctx.db, company.id));
  return {
    BucketsCount: await q.bucketCount(ctx.db, company.id),
    CostsCents: enabled ? Math.round(dailyCostCents(bytes) * 100) / 100 : 0,
    History,
  };
}

/**
 * CometStorageUsageReport.json: the company's (or a distributor's sub-account's) charged bytes per measured
 * day, oldest first; the last 60 days by default, at most 90 ending target_to.
 */
export async function usageReport(
  ctx: Ctx,
  input: { target_company_id: number; target_from?: string | null | undefined; target_to?: string | null | undefined },
) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'read' });
  const today = billing.billingDayOf(ctx);
  const from0 = input.target_from ?? null;
  const to0 = input.target_to ?? null;
  if (from0 !== null && from0 > today) throw badInput({ target_from: DAY_IN_FUTURE_MESSAGE });
  if (to0 !== null && to0 > today) throw badInput({ target_to: DAY_IN_FUTURE_MESSAGE });
  if (from0 !== null && to0 !== null && from0 > to0) throw badInput({ target_from: FROM_AFTER_TO_MESSAGE });
  const to = to0 ?? today;
  const earliest = addDays(to, 1 - STORAGE_HISTORY_DAYS);
  // Days as YYYY-MM-DD sort as text: the later of the asked start and the earliest allowed.
  const from = from0 === null ? addDays(to, 1 - STORAGE_CHART_DAYS) : ([from0, earliest].sort()[1] ?? earliest);
  return {
    has_comet_storage: company.has_comet_storage,
    rows: await q.dailyTotalsOf(ctx.db, company.id, from, to),
    from,
    to,
  };
}
