import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { storageAccountGet, storageCreateBucket, storageEnable } from '@portal/contract/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { ON_POSTGRES, type TestContext, createTestContext, ok, signedInCompany } from '../../test/harness.ts';
import { dailyStatsOf, storageAccountsOf } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { type StorageProvider, storageProviderFor } from './provider/index.ts';
import { utilizationOf } from './queries.ts';
import { utilizationJob } from './utilization.ts';

const NODES = 4;
const COMPANIES = 12;
const QUIET = { info() {}, warn() {}, error() {} };

/** The utilization job run on several nodes at once (PostgreSQL's parallel connections): each account once. */
describe.skipIf(!ON_POSTGRES)('the storage utilization job on several nodes at once (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('measures every account once, writes one row per company, day and region, and leaves what one run leaves', async () => {
    const ids: number[] = [];
    for (let i = 0; i < COMPANIES; i++) {
      const { client, company } = await signedInCompany(t, { current_state: 'ACTIVE' });
      ok(await client.call(storageEnable, {}));
      const made = ok(await client.call(storageCreateBucket, {})).data;
      const keys = ok(await client.call(storageAccountGet, {})).data;
      const s3 = new S3Client({
        region: 'us-east-1',
        endpoint: keys.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: keys.AccessKey, secretAccessKey: keys.SecretKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      await s3.send(new PutObjectCommand({ Bucket: made.bucket, Key: 'o', Body: 'x'.repeat(5000 + i) }));
      ids.push(company.id);
    }
    // Counts the provider calls per account, and holds each a moment so the nodes' batches overlap.
    const real = storageProviderFor(t.app.deps.config);
    const calls = new Map<string, number>();
    const counting = Object.assign(Object.create(real) as StorageProvider, {
      utilization: async (id: string) => {
        calls.set(id, (calls.get(id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
        return real.utilization(id);
      },
    });
    const run = () =>
      runInContext(
        t.app.deps,
        systemSource(QUIET, () => {}),
        (ctx) => utilizationJob(ctx as CallContext, counting),
      );
    const drain = async () => {
      let n = 0;
      for (let k = await run(); k > 0; k = await run()) n += k;
      return n;
    };
    const handled = await Promise.all(Array.from({ length: NODES }, drain));
    const accounts = (await Promise.all(ids.map((id) => storageAccountsOf(t, id)))).flat();
    const rowsOf = async () => (await Promise.all(ids.map((id) => utilizationOf(t.db, id, '2000-01-01', '2999-12-31')))).flat();
    // Every account measured exactly once across the nodes, however the batches were split.
    expect(accounts.map((a) => calls.get(a.provider_account_id))).toEqual(Array(COMPANIES).fill(1));
    expect(handled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(COMPANIES);
    const rows = await rowsOf();
    expect(rows).toHaveLength(COMPANIES);
    const day = billing.billingDayOf(t);
    for (const [i, id] of ids.entries()) {
      const [row] = rows.filter((r) => r.company_id === id);
      expect(row).toMatchObject({ day, region: 'us-east-1', padded_storage_size_bytes: 5000 + i, buckets_count: 1 });
      expect((await dailyStatsOf(t, id)).map((s) => s.storage_amount_bytes)).toEqual([5001 + i, 5001 + i]);
    }

    // Later the same day every account is due again; the nodes rerun at once: the rows are rewritten, never added.
    t.clock.advance(7 * 3_600_000);
    expect(billing.billingDayOf(t)).toBe(day);
    await Promise.all(Array.from({ length: NODES }, drain));
    const again = await rowsOf();
    expect(again).toHaveLength(COMPANIES);
    expect(again.every((r) => r.day === day && r.measured_at.getTime() === t.clock.now().getTime())).toBe(true);
    expect(accounts.map((a) => calls.get(a.provider_account_id))).toEqual(Array(COMPANIES).fill(2));
  });
});
