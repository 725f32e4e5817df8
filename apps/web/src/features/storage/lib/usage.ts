import type { StorageUsageRow, UtilizationDay } from '@portal/contract/storage/usage';

/** A measured day of the History tab: what each kind of bytes came to, every region summed. */
export interface HistoryPoint {
  date: string;
  padded: number;
  metadata: number;
  deleted: number;
  total: number;
}

/** wasabi-usage-get's History (a row per region and day) as a point per day, oldest first. */
export function historyPoints(history: readonly UtilizationDay[]): HistoryPoint[] {
  return [...history]
    .sort((a, b) => a.Date.localeCompare(b.Date))
    .map((day) => {
      const point = { date: day.Date, padded: 0, metadata: 0, deleted: 0, total: 0 };
      for (const r of day.RegionalUtilizations) {
        point.padded += r.PaddedStorageSizeBytes;
        point.metadata += r.MetadataStorageSizeBytes;
        point.deleted += r.DeletedStorageSizeBytes;
      }
      point.total = point.padded + point.metadata + point.deleted;
      return point;
    });
}

/** A day of the dashboard's storage chart and its dialog. */
export interface ReportPoint {
  date: string;
  stored: number;
}

/** CometStorageUsageReport.json's rows as chart points, oldest first. */
export function reportPoints(rows: readonly StorageUsageRow[]): ReportPoint[] {
  return [...rows].sort((a, b) => a.date.localeCompare(b.date)).map((r) => ({ date: r.date, stored: r.storage_amount_bytes }));
}

/** The day `days - 1` before `day` (YYYY-MM-DD): the first day of a chart of `days` days ending `day`. */
export function firstDayOf(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The estimate the storage page shows (spec-1 §2): the provider's cost per day from the latest measured day
 * (CostsCents, the 1 TB minimum applied) once a day has been measured, and the month as 30 days of it.
 * Null until the first measurement: the page estimates from the buckets meanwhile.
 */
export function measuredCostCents(usage: { CostsCents: number; History: readonly unknown[] } | undefined) {
  if (!usage || usage.History.length === 0) return null;
  return { perDay: usage.CostsCents, perMonth: usage.CostsCents * 30 };
}
