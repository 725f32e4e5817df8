import { DAY_IN_FUTURE_MESSAGE } from '@portal/contract/billing/fields';
import type {
  dailyGeneralReport,
  enterpriseDeals,
  reportCustomersByServerVersion,
  reportFeedbacks,
  reportNebula,
} from '@portal/contract/reports/downloads';
import { type DownloadFormat, MONTH_IN_FUTURE_MESSAGE, START_AFTER_END_MESSAGE } from '@portal/contract/reports/downloads';
import type { CallData } from '@portal/contract/shared/define-call';
import type { Database } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { type FileRow, type StreamedFile, keysetBatches, streamedFile } from '../../../platform/export-stream.ts';
import type { CallContext } from '../../../platform/handle.ts';
import * as billing from '../../billing/service.ts';
import * as q from '../queries/downloads.ts';

/**
 * The Downloads tab's files (docs/decisions/0062). Each function checks its input against the clock and
 * answers a file whose rows are read batch by batch only once it is opened; the handlers run read-only, so
 * `ctx.db` is the pool (or the replica) and stays usable while the file streams.
 */
type Ctx = Pick<CallContext, 'db' | 'clock'>;

/** Batch size: ~1,000 companies a query keeps each query short and the memory a batch holds small. */
export const BATCH = 1000;

/** Reads a file in company-id ranges of `BATCH` companies in `scope`. */
function byCompanyRange(db: Database, scope: q.CompanyScope, read: (after: number, last: number) => Promise<FileRow[]>) {
  return () =>
    keysetBatches<FileRow, number>(async (after, limit) => {
      const from = after ?? 0;
      const last = await q.nextCompanyRange(db, scope, from, limit);
      return { rows: last === null ? [] : await read(from, last), last };
    }, BATCH);
}

const monthStart = (yearMonth: string) => `${yearMonth}-01`;
function addMonths(yearMonth: string, n: number): string {
  const d = new Date(`${yearMonth}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
}
const lastDayOf = (ctx: Ctx, yearMonth: string) =>
  billing.billingDayOf(ctx, { at: new Date(billing.billingDayStart(ctx, { day: monthStart(addMonths(yearMonth, 1)) }).getTime() - 1) });
const thisMonth = (ctx: Ctx) => billing.billingDayOf(ctx).slice(0, 7);

function checkMonth(ctx: Ctx, yearMonth: string) {
  if (yearMonth > thisMonth(ctx)) throw badInput({ year_month: MONTH_IN_FUTURE_MESSAGE });
}

export async function dailyGeneral(ctx: Ctx, input: CallData<typeof dailyGeneralReport>): Promise<StreamedFile> {
  const day = input.date_of_download;
  if (day > billing.billingDayOf(ctx)) throw badInput({ date_of_download: DAY_IN_FUTURE_MESSAGE });
  return file(`daily-general-report-${day}${input.include_extra_data ? '-with-deleted' : ''}`, input.format, q.DAILY_GENERAL_COLUMNS, {
    batches: byCompanyRange(ctx.db, 'all', (after, last) => q.dailyGeneralRows(ctx.db, day, input.include_extra_data, after, last)),
  });
}

export async function enterprise(ctx: Ctx, input: CallData<typeof enterpriseDeals>): Promise<StreamedFile> {
  const today = billing.billingDayOf(ctx);
  if (input.start_date > input.end_date) throw badInput({ start_date: START_AFTER_END_MESSAGE });
  if (input.end_date > today) throw badInput({ end_date: DAY_IN_FUTURE_MESSAGE });
  return file(`enterprise-deals-${input.start_date}-to-${input.end_date}`, input.format, q.CHARGE_SUMMARY_COLUMNS, {
    batches: byCompanyRange(ctx.db, 'enterprise', (after, last) =>
      q.chargeSummaryRows(ctx.db, 'enterprise', input.start_date, input.end_date, after, last),
    ),
  });
}

export async function feedbacks(ctx: Ctx, input: CallData<typeof reportFeedbacks>): Promise<StreamedFile> {
  checkMonth(ctx, input.year_month);
  const start = billing.billingDayStart(ctx, { day: monthStart(input.year_month) });
  const end = billing.billingDayStart(ctx, { day: monthStart(addMonths(input.year_month, 1)) });
  return file(`feedback-${input.year_month}`, input.format, q.FEEDBACK_COLUMNS, {
    batches: () =>
      keysetBatches<FileRow, [number, number]>(async (after, limit) => {
        const rows = await q.feedbackRows(ctx.db, start, end, after ?? [0, 0], limit);
        const lastRow = rows.at(-1);
        const done = rows.length < limit || !lastRow;
        return { rows, last: done ? null : [Number(lastRow.part), Number(lastRow.reference)] };
      }, BATCH),
  });
}

export async function usageByMonth(ctx: Ctx, input: CallData<typeof reportNebula>): Promise<StreamedFile> {
  checkMonth(ctx, input.year_month);
  const first = monthStart(input.year_month);
  const lastDay = lastDayOf(ctx, input.year_month);
  return file(`usage-${input.year_month}`, input.format, q.CHARGE_SUMMARY_COLUMNS, {
    batches: byCompanyRange(ctx.db, 'all', (after, last) => q.chargeSummaryRows(ctx.db, 'all', first, lastDay, after, last)),
  });
}

/** Last month: the latest whole month in Pacific/Auckland, the month commission is paid on. */
export async function commission(ctx: Ctx, input: { format: DownloadFormat }): Promise<StreamedFile> {
  const month = addMonths(thisMonth(ctx), -1);
  const first = monthStart(month);
  const lastDay = lastDayOf(ctx, month);
  return file(`commission-${month}`, input.format, q.COMMISSION_COLUMNS, {
    batches: byCompanyRange(ctx.db, 'distributors', (after, last) => q.commissionRows(ctx.db, first, lastDay, after, last)),
  });
}

export async function balances(ctx: Ctx, input: { format: DownloadFormat }): Promise<StreamedFile> {
  return file(`balances-${billing.billingDayOf(ctx)}`, input.format, q.BALANCE_COLUMNS, {
    batches: byCompanyRange(ctx.db, 'not_deleted', (after, last) => q.balanceRows(ctx.db, after, last)),
  });
}

export async function consumption(ctx: Ctx, input: { format: DownloadFormat }): Promise<StreamedFile> {
  const month = thisMonth(ctx);
  const lastMonthStart = monthStart(addMonths(month, -1));
  const thisMonthStart = monthStart(month);
  return file(`consumption-${billing.billingDayOf(ctx)}`, input.format, q.CONSUMPTION_COLUMNS, {
    batches: byCompanyRange(ctx.db, 'not_deleted', (after, last) => q.consumptionRows(ctx.db, lastMonthStart, thisMonthStart, after, last)),
  });
}

export async function serverFeatures(ctx: Ctx, input: { format: DownloadFormat }): Promise<StreamedFile> {
  return file(`server-features-${billing.billingDayOf(ctx)}`, input.format, q.SERVER_FEATURE_COLUMNS, {
    batches: byRowKey((after, limit) => q.serverFeatureRows(ctx.db, after, limit), 'licence_id'),
  });
}

/** The last 12 months, this one included. */
export async function ticketStats(ctx: Ctx, input: { format: DownloadFormat }): Promise<StreamedFile> {
  const month = thisMonth(ctx);
  return file(`ticket-statistics-${month}`, input.format, q.TICKET_STAT_COLUMNS, {
    batches: async function* () {
      yield await q.ticketStatRows(ctx.db, monthStart(addMonths(month, -11)), monthStart(month));
    },
  });
}

export async function customersByVersion(ctx: Ctx, input: CallData<typeof reportCustomersByServerVersion>): Promise<StreamedFile> {
  return file(`customers-on-${input.version_key}`, input.format, q.VERSION_COLUMNS, {
    batches: byRowKey((after, limit) => q.versionRows(ctx.db, input.version_key, after, limit), 'company_id'),
  });
}

/** Reads rows in the order of a unique numeric column, `BATCH` at a time. */
function byRowKey(read: (after: number, limit: number) => Promise<FileRow[]>, key: string) {
  return () =>
    keysetBatches<FileRow, number>(async (after, limit) => {
      const rows = await read(after ?? 0, limit);
      const lastRow = rows.at(-1);
      return { rows, last: rows.length < limit || !lastRow ? null : Number(lastRow[key]) };
    }, BATCH);
}

function file(name: string, format: DownloadFormat, columns: readonly string[], o: { batches: () => AsyncIterable<readonly FileRow[]> }) {
  return streamedFile({ name, format, columns, batches: o.batches });
}

/** `Label=https://…` entries, one a line or `;`-separated; an entry without a web address is left out. */
export function analyticsLinks(ctx: Pick<CallContext, 'config'>): { links: { label: string; url: string }[] } {
  const links = ctx.config.REPORTS_ANALYTICS_LINKS.split(/[;\n]/)
    .map((entry) => entry.trim())
    .flatMap((entry) => {
      const at = entry.indexOf('=');
      const label = entry.slice(0, at).trim();
      const url = entry.slice(at + 1).trim();
      return at > 0 && /^https?:\/\/\S+$/.test(url) ? [{ label, url }] : [];
    });
  return { links };
}
