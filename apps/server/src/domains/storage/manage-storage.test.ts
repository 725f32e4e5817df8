import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { adminStorageList } from '@portal/contract/storage/manage-storage';
import { storageAccountGet, storageCreateBucket, storageEnable, storageListBuckets } from '@portal/contract/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';

let t: TestContext;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  const user = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user;
  admin = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
});
afterAll(() => t.close());

const rowOf = async (companyId: number, search = '') =>
  ok(await admin.call(adminStorageList, { target_search_query: search, page_size: 100 })).data.rows.find((r) => r.company_id === companyId);

describe('/manage_storage: admin/storage/list', () => {
  it('lists a company’s storage account with its provider account, enabled date, buckets and measured bytes', async () => {
    const { client, company } = await signedInCompany(t, { current_state: 'ACTIVE', company_name: 'Storage Lister Ltd' });
    expect(await rowOf(company.id)).toBeUndefined();
    ok(await client.call(storageEnable, {}));
    const first = await rowOf(company.id);
    expect(first).toMatchObject({
      company_name: 'Storage Lister Ltd',
      company_type: 'customer',
      provider: 'local',
      buckets_count: 0,
      usage_bytes: 0,
      usage_source: 'buckets',
      usage_measured_at: null,
      keys_rotated_at: null,
      enabled_at: t.clock.now().toISOString(),
    });
    expect(first?.provider_account_id).toMatch(/^acct-/);
    const bucket = ok(await client.call(storageCreateBucket, {})).data.bucket;
    ok(await client.call(storageCreateBucket, { target_region: 'eu-west-1' }));
    const keys = ok(await client.call(storageAccountGet, {})).data;
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: keys.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: keys.AccessKey, secretAccessKey: keys.SecretKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'z'.repeat(3000) }));
    // The Buckets tab measures at the provider; the admin list shows that measurement.
    ok(await client.call(storageListBuckets, {}));
    expect(await rowOf(company.id)).toMatchObject({ buckets_count: 2, usage_bytes: 3000, usage_source: 'buckets' });
    expect((await rowOf(company.id))?.usage_measured_at).not.toBeNull();
  });

  it('searches by company name, company id and provider account; newest first', async () => {
    const a = await signedInCompany(t, { current_state: 'ACTIVE', company_name: 'Zebra Storage Co' });
    const b = await signedInCompany(t, { current_state: 'ACTIVE', company_name: 'Yak Storage Co' });
    ok(await a.client.call(storageEnable, {}));
    t.clock.advance(60_000);
    ok(await b.client.call(storageEnable, {}));
    const named = ok(await admin.call(adminStorageList, { target_search_query: 'storage co' })).data;
    expect(named.rows.map((r) => r.company_name)).toEqual(['Yak Storage Co', 'Zebra Storage Co']);
    expect(named.total).toBe(2);
    expect((await rowOf(a.company.id, String(a.company.id)))?.company_name).toBe('Zebra Storage Co');
    const account = (await rowOf(b.company.id))?.provider_account_id ?? '';
    expect(ok(await admin.call(adminStorageList, { target_search_query: account })).data.rows.map((r) => r.company_id)).toEqual([
      b.company.id,
    ]);
    const paged = ok(await admin.call(adminStorageList, { target_search_query: 'storage co', page: 2, page_size: 1 })).data;
    expect(paged).toMatchObject({ total: 2, rows: [{ company_name: 'Zebra Storage Co' }] });
  });

  it('is for admins only: support staff, customers and distributors are refused', async () => {
    const support = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'support' })).user;
    const sales = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'sales' })).user;
    for (const id of [support.id, sales.id]) {
      const staff = await new TestClient(t.app).useSession(t.db, t.clock, id);
      expect((await staff.call(adminStorageList, {})).code).toBe(403);
    }
    const { client } = await signedInCompany(t, { current_state: 'ACTIVE' });
    expect((await client.call(adminStorageList, {})).code).toBe(403);
    const distributor = await signedInCompany(t, { current_state: 'ACTIVE', company_type: 'distributor' });
    expect((await distributor.client.call(adminStorageList, {})).code).toBe(403);
  });
});
