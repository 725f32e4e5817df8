import { storageCreateBucket, storageDeleteBucket, storageEnable } from '@portal/contract/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, ok, parallelClients } from '../../test/harness.ts';
import { servicesOf, storageAccountsOf, storageBucketsOf } from '../../test/rows.ts';

const N = 8;

/** Storage's read-then-write paths, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('storage calls under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('enabling at once from many sessions makes one account and one storage service', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(storageEnable, {})));
    expect(answers.map((a) => a.code)).toEqual(Array(N).fill(200));
    expect(await storageAccountsOf(t, company.id)).toHaveLength(1);
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'storage')).toHaveLength(1);
  });

  it('deleting one bucket at once from many sessions deletes it once; the others find it gone', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const clients = await parallelClients(t, N, user.id);
    const [first] = clients;
    if (!first) throw new Error('no client');
    ok(await first.call(storageEnable, {}));
    const { bucket } = ok(await first.call(storageCreateBucket, {})).data;
    const answers = await Promise.all(clients.map((c) => c.call(storageDeleteBucket, { target_bucket_name: bucket })));
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array(N - 1).fill(404)]);
    expect(await storageBucketsOf(t, company.id)).toEqual([]);
  });
});
