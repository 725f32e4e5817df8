import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DAY_IN_FUTURE_MESSAGE, FROM_AFTER_TO_MESSAGE } from '@portal/contract/billing/fields';
import {
  storageAccountGet,
  storageCreateBucket,
  storageDeleteBucket,
  storageDisable,
  storageEnable,
} from '@portal/contract/storage/storage';
import { storageUsageGet, storageUsageReport } from '@portal/contract/storage/usage';
import { INCLUDED_STORAGE_BYTES } from '@portal/contract/servers/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { dailyStatsOf, storageAccountsOf, usageRowsOf } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { type BucketUsage, type StorageProvider, storageProviderFor } from './provider/index.ts';
import { utilizationOf } from './queries.ts';
import { utilizationJob } from './utilization.ts';

const HOUR = 3_600_000;
const TB = 1e12;

function s3(endpoint: string, keys: { AccessKey: string; SecretKey: string }) {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: keys.AccessKey, secretAccessKey: keys.SecretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The real provider, except for the accounts a test gives figures of its own (terabytes no test can upload). */
function providerWith(t: TestContext, figures: Map<string, BucketUsage[]>): StorageProvider {
  const real = storageProviderFor(t.app.deps.config);
  return Object.assign(Object.create(real) as StorageProvider, {
    utilization: (id: string) => Promise.resolve(figures.get(id) ?? real.utilization(id)).then((u) => u),
  });
}

describe('storage utilization (docs/decisions/0055)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  /** Runs the job as the scheduler does: batch after batch until none is due. */
  async function drain(provider?: StorageProvider): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await t.db.transaction((tx) => utilizationJob({ ...jobContext(t), db: tx as never }, provider));
      if (!n) return total;
      total += n;
    }
  }
  const rowsOf = (companyId: number) => utilizationOf(t.db, companyId, '2000-01-01', '2999-12-31');

  async function storageCompany() {
    const signed = await signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await billing.addCredit(jobContext(t), {
      company_id: signed.company.id,
      name: 'Pack',
      amount: 10_000,
      source: 'admin',
      added_by_user: 'Ada Admin',
    });
    ok(await signed.client.call(storageEnable, {}));
    return signed;
  }

  it('measures what is really stored, per region and day; a rerun of the day rewrites the rows and never adds', async () => {
    const { client, company } = await storageCompany();
    const east = ok(await client.call(storageCreateBucket, { target_region: 'us-east-1', target_object_lock_enabled: false })).data;
    const eu = ok(await client.call(storageCreateBucket, { target_region: 'eu-central-1', target_object_lock_enabled: false })).data;
    const account = ok(await client.call(storageAccountGet, {})).data;
    const mine = s3(account.endpoint, account);
    await mine.send(new PutObjectCommand({ Bucket: east.bucket, Key: 'big.bin', Body: 'x'.repeat(10_000) }));
    await mine.send(new PutObjectCommand({ Bucket: east.bucket, Key: 'small', Body: 'tiny' }));
    await mine.send(new PutObjectCommand({ Bucket: eu.bucket, Key: 'a/b.txt', Body: 'y'.repeat(5000) }));

    expect(await drain()).toBeGreaterThanOrEqual(1);
    const day = billing.billingDayOf(t);
    const first = await rowsOf(company.id);
    expect(
      first.map((r) => [
        r.day,
        r.region,
        r.padded_storage_size_bytes,
        r.metadata_storage_size_bytes,
        r.deleted_storage_size_bytes,
        r.buckets_count,
      ]),
    ).toEqual([
      [day, 'eu-central-1', 5000, 'a/b.txt'.length, 0, 1],
      // A 4-byte object counts as 4 KB, as the provider charges it.
      [day, 'us-east-1', 10_000 + 4096, 'big.bin'.length + 'small'.length, 0, 1],
    ]);
    // Measured: not due again within the day's interval.
    expect(await drain()).toBe(0);

    // Later that day: more stored, the EU bucket gone; the day's rows are rewritten, the EU row removed.
    await mine.send(new PutObjectCommand({ Bucket: east.bucket, Key: 'more.bin', Body: 'z'.repeat(20_000) }));
    ok(await client.call(storageDeleteBucket, { target_bucket_name: eu.bucket }));
    t.clock.advance(6 * HOUR);
    expect(billing.billingDayOf(t)).toBe(day);
    expect(await drain()).toBeGreaterThanOrEqual(1);
    const again = await rowsOf(company.id);
    expect(again.map((r) => [r.day, r.region, r.padded_storage_size_bytes])).toEqual([[day, 'us-east-1', 34_096]]);

    // Billing's daily stats carry the charged bytes for the day, and for the next, which is charged as it begins.
    const stats = await dailyStatsOf(t, company.id);
    const charged = 34_096 + 'big.bin'.length + 'small'.length + 'more.bin'.length;
    expect(stats.map((s) => [s.date, s.storage_amount_bytes])).toEqual([
      [billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + 24 * HOUR) }), charged],
      [day, charged],
    ]);
  });

  it('answers wasabi-usage-get: buckets, the daily cost from the latest day (1 TB minimum) and the history by region', async () => {
    const { client } = await storageCompany();
    ok(await client.call(storageCreateBucket, {}));
    await drain();
    const usage = ok(await client.call(storageUsageGet, {})).data;
    expect(usage.BucketsCount).toBe(1);
    // 1 TB minimum at $6.99 a month: 23.3 cents a day.
    expect(usage.CostsCents).toBeCloseTo(23.3, 5);
    expect(usage.History).toHaveLength(1);
    expect(usage.History[0]?.RegionalUtilizations).toEqual([
      { Region: 'us-east-1', PaddedStorageSizeBytes: 0, MetadataStorageSizeBytes: 0, DeletedStorageSizeBytes: 0 },
    ]);
    expect(Date.parse(usage.History[0]?.EndTime ?? '')).toBeGreaterThan(t.clock.now().getTime());
  });

  it('charges the day from the measured bytes, with the 1 TB minimum', async () => {
    const small = await storageCompany();
    const large = await storageCompany();
    const [largeAccount] = await storageAccountsOf(t, large.company.id);
    const figures = new Map<string, BucketUsage[]>([
      [
        largeAccount?.provider_account_id ?? '',
        [
          { name: 'b1', region: 'us-east-1', activeBytes: 2 * TB, deletedBytes: 0.5 * TB, paddedBytes: 2 * TB, metadataBytes: 0.5 * TB },
          { name: 'b2', region: 'eu-west-1', activeBytes: 0, deletedBytes: 0 },
        ],
      ],
    ]);
    t.clock.advance(24 * HOUR);
    await drain(providerWith(t, figures));
    const tomorrow = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + 24 * HOUR) });
    t.clock.advance(24 * HOUR);
    await billing.runDailyCharging(jobContext(t), { day: tomorrow });
    const storageCharge = async (companyId: number) =>
      (await usageRowsOf(t, companyId)).filter((u) => u.kind === 'storage' && u.charge_day === tomorrow).map((u) => [u.quantity, u.amount]);
    // 3 TB measured (padded 2 + metadata 0.5 + deleted 0.5): round(699 × 3 / 30) = 70 cents.
    expect(await storageCharge(large.company.id)).toEqual([[3 * TB, 70]]);
    // A few bytes: the 1 TB minimum, round(699 / 30) = 23 cents.
    expect(await storageCharge(small.company.id)).toEqual([[0, 23]]);
  });

  it("honours a hosted console's 5 TB for its first 30 days, then charges all of it; disabling stops the charges", async () => {
    const hosted = await storageCompany();
    const covered = await storageCompany();
    for (const c of [hosted, covered]) {
      await billing.startService(jobContext(t), {
        company_id: c.company.id,
        kind: 'hosted_server',
        owner_kind: 'hosted_server',
        owner_id: `hs-${c.company.id}`,
        included_storage_bytes: INCLUDED_STORAGE_BYTES,
      });
    }
    const accountOf = async (id: number) => (await storageAccountsOf(t, id))[0]?.provider_account_id ?? '';
    const bytes = (tb: number): BucketUsage[] => [
      { name: 'b', region: 'us-east-1', activeBytes: tb * TB, deletedBytes: 0, paddedBytes: tb * TB, metadataBytes: 0 },
    ];
    const figures = new Map<string, BucketUsage[]>([
      [await accountOf(hosted.company.id), bytes(6)],
      [await accountOf(covered.company.id), bytes(3)],
    ]);
    /** Measures today, then charges tomorrow as it begins; answers tomorrow's storage charges of a company. */
    async function chargeNextDay() {
      t.clock.advance(24 * HOUR);
      await drain(providerWith(t, figures));
      const day = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + 24 * HOUR) });
      t.clock.advance(24 * HOUR);
      await billing.runDailyCharging(jobContext(t), { day });
      return async (companyId: number) =>
        (await usageRowsOf(t, companyId)).filter((u) => u.kind === 'storage' && u.charge_day === day).map((u) => u.amount);
    }
    let charged = await chargeNextDay();
    // 6 TB measured less the console's 5 TB: 1 TB, round(699 / 30) = 23 cents.
    expect(await charged(hosted.company.id)).toEqual([23]);
    // 3 TB is within the 5 TB, which also covers the 1 TB minimum: nothing to pay.
    expect((await charged(covered.company.id)).reduce((a, b) => a + b, 0)).toBe(0);

    // Past the console's first 30 days: all 6 TB, round(699 × 6 / 30) = 140 cents.
    t.clock.advance(30 * 24 * HOUR);
    charged = await chargeNextDay();
    expect(await charged(hosted.company.id)).toEqual([140]);

    // Disabled: the storage service stops, the next day charges no storage.
    const again = await new TestClient(t.app).useSession(t.db, t.clock, hosted.user.id); // a month on: a new session
    ok(await again.call(storageDisable, { confirm: 'yes' }));
    charged = await chargeNextDay();
    expect(await charged(hosted.company.id)).toEqual([]);
  });

  describe('CometStorageUsageReport.json', () => {
    it('answers the last 60 days of measured bytes, at most 90, and has_comet_storage', async () => {
      const { client, company } = await storageCompany();
      ok(await client.call(storageCreateBucket, {}));
      await drain();
      const today = billing.billingDayOf(t);
      const report = ok(await client.call(storageUsageReport, { target_company_id: company.id })).data;
      expect(report.has_comet_storage).toBe(true);
      expect(report.to).toBe(today);
      expect(Date.parse(report.to) - Date.parse(report.from)).toBe(59 * 24 * HOUR);
      expect(report.rows).toEqual([{ date: today, storage_amount_bytes: 0 }]);
      const long = ok(await client.call(storageUsageReport, { target_company_id: company.id, target_from: '2020-01-01' })).data;
      expect(Date.parse(long.to) - Date.parse(long.from)).toBe(89 * 24 * HOUR);

      expect((await client.call(storageUsageReport, { target_company_id: company.id, target_to: '2999-01-01' })).code).toBe(400);
      const backwards = await client.call(storageUsageReport, {
        target_company_id: company.id,
        target_from: today,
        target_to: '2020-01-01',
      });
      expect(backwards.code).toBe(400);
      expect(JSON.stringify(backwards)).toContain(FROM_AFTER_TO_MESSAGE);
      expect(JSON.stringify(await client.call(storageUsageReport, { target_company_id: company.id, target_from: '2999-01-01' }))).toContain(
        DAY_IN_FUTURE_MESSAGE,
      );
    });

    it("is the company's own (and its distributor's, and an admin signed in as it); another company's reads as missing", async () => {
      const distributor = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
      const sub = await newCompany(t.db, { current_state: 'ACTIVE', distributor_id: distributor.company.id });
      const other = await signedInCompany(t, { current_state: 'ACTIVE' });
      const asDistributor = await new TestClient(t.app).useSession(t.db, t.clock, distributor.user.id);
      const fromSub = ok(await asDistributor.call(storageUsageReport, { target_company_id: sub.company.id })).data;
      expect(fromSub).toMatchObject({ has_comet_storage: false, rows: [] });
      expect((await other.client.call(storageUsageReport, { target_company_id: sub.company.id })).code).toBe(404);
      const admin = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user;
      const asSub = await new TestClient(t.app).useSession(t.db, t.clock, sub.user.id, admin.id);
      expect((await asSub.call(storageUsageReport, { target_company_id: sub.company.id })).code).toBe(200);
      const asAdmin = await new TestClient(t.app).useSession(t.db, t.clock, admin.id);
      expect((await asAdmin.call(storageUsageReport, { target_company_id: sub.company.id })).code).toBe(403);
    });
  });
});
