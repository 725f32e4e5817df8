import { z } from 'zod';
import { zDay, zDayRange } from '../billing/fields.ts';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';

/** Spec-1 §9: the storage history chart shows 90 days, the dashboard's storage chart the last 60. */
export const STORAGE_HISTORY_DAYS = 90;
export const STORAGE_CHART_DAYS = 60;

const zBytes = z.number().int().min(0);

/** One region's figures on one day, in the provider's words (spec-1 §3 Storage usage). */
export const zRegionalUtilization = z.object({
  Region: z.string(),
  PaddedStorageSizeBytes: zBytes,
  MetadataStorageSizeBytes: zBytes,
  DeletedStorageSizeBytes: zBytes,
});
export type RegionalUtilization = z.infer<typeof zRegionalUtilization>;

/** A day of the history: EndTime is the end of the measured day (ISO, the day's last measurement). */
export const zUtilizationDay = z.object({
  EndTime: z.string(),
  Date: zDay,
  RegionalUtilizations: z.array(zRegionalUtilization),
});
export type UtilizationDay = z.infer<typeof zUtilizationDay>;

const CUSTOMER = { roles: ['customer', 'distributor'], capability: 'use_storage' } as const;

export const storageUsageGet = defineCall({
  path: '/api/v1/user/wasabi-usage-get',
  summary:
    "The company's storage usage (spec-1 §3 Storage usage): buckets, the estimated cost per day from the latest measured day, and the daily utilization history of the last 90 days per region, oldest first.",
  input: z.object({}),
  output: z.object({
    BucketsCount: z.number().int().min(0),
    /** Cents a day at the list price from the latest measured day, the 1 TB minimum applied. */
    CostsCents: z.number().min(0),
    History: z.array(zUtilizationDay),
  }),
  access: CUSTOMER,
});

/** A day of the dashboard's storage chart: the bytes charged for (padded + metadata + deleted, every region). */
export const zStorageUsageRow = z.object({ date: zDay, storage_amount_bytes: zBytes });
export type StorageUsageRow = z.infer<typeof zStorageUsageRow>;

export const storageUsageReport = defineCall({
  path: '/api/v1/web/CometStorageUsageReport.json',
  summary:
    "Daily stored bytes of a company (its own, or a distributor's sub-account), oldest first, for the dashboard's storage chart: at most 90 days ending target_to (default: the last 60 days). has_comet_storage says whether the chart shows at all.",
  input: z.object({ target_company_id: zCompanyId }).extend(zDayRange.shape),
  output: z.object({ has_comet_storage: z.boolean(), rows: z.array(zStorageUsageRow), from: zDay, to: zDay }),
  access: CUSTOMER,
  example: { target_company_id: 1, target_from: '2020-01-01', target_to: '2020-02-29' },
});
