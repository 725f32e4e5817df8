import { GetObjectCommand, ListBucketsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  STORAGE_MESSAGES,
  STORAGE_REGION_IDS,
  storageAccountGet,
  storageActiveRegions,
  storageCreateBucket,
  storageDeleteBucket,
  storageDisable,
  storageEnable,
  storageListBuckets,
  storageRotateKeys,
} from '@portal/contract/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { companyEvents, companyRow, servicesOf, setStorageSecretKey, storageAccountsOf, storageBucketsOf } from '../../test/rows.ts';
import { storageProviderFor } from './provider/index.ts';
import { type WasabiStandIn, startWasabiStandIn } from './provider/wasabi-standin.ts';

/** A customer's own S3 client, as they would configure it from Show Access Keys. */
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

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'allowed';
  } catch (err) {
    return (err as Error).name;
  }
};

// Every rule holds on the embedded provider and on the Wasabi adapter, the latter against the local stand-in of
// Wasabi's Account Control API and S3 (docs/decisions/0056).
describe.each(['local', 'wasabi'] as const)('on the %s provider', (kind) => {
  let t: TestContext;
  let standIn: WasabiStandIn | null = null;
  beforeAll(async () => {
    if (kind === 'wasabi') standIn = await startWasabiStandIn();
    t = await createTestContext(
      standIn
        ? {
            STORAGE_PROVIDER: 'wasabi',
            WASABI_ACCOUNT_API_URL: standIn.apiUrl,
            WASABI_ACCOUNT_API_KEY: standIn.apiKey,
            WASABI_S3_ENDPOINT: standIn.s3Endpoint,
          }
        : {},
    );
  });
  afterAll(async () => {
    await t.close();
    await standIn?.close();
  });

  const customer = () => signedInCompany(t, { current_state: 'ACTIVE' });

  describe('enable', () => {
    it('creates one account with root keys, subscribes the company and starts the storage service', async () => {
      const { client, company } = await customer();
      expect(ok(await client.call(storageAccountGet, {})).data).toMatchObject({ enabled: false, AccessKey: '' });
      expect(ok(await client.call(storageEnable, {})).data.message).toBe(STORAGE_MESSAGES.enabled);
      expect(ok(await client.call(storageEnable, {})).data.message).toBe(STORAGE_MESSAGES.enabled);
      expect(await storageAccountsOf(t, company.id)).toHaveLength(1);
      expect((await companyRow(t, company.id))?.has_comet_storage).toBe(true);
      const services = (await servicesOf(t, company.id)).filter((s) => s.kind === 'storage');
      expect(services).toHaveLength(1);
      expect(services[0]).toMatchObject({ stopped_at: null, owner_kind: 'storage_account' });
      const account = ok(await client.call(storageAccountGet, {})).data;
      expect(account).toMatchObject({ enabled: true, current_usage_bytes: 0 });
      expect(account.AccessKey).toMatch(/^[0-9A-F]{20}$/);
      expect(account.SecretKey.length).toBeGreaterThanOrEqual(40);
      expect(account.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain('Storage enabled');
      // The secret key is kept sealed (decision 0067): the row alone does not give it away.
      const [row] = await storageAccountsOf(t, company.id);
      expect(row?.secret_key).toMatch(/^sealed:v1:/);
      expect(row?.secret_key).not.toContain(account.SecretKey);
    });

    it('answers a secret key kept before keys were sealed, and seals it at the next rotation', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      const issued = ok(await client.call(storageAccountGet, {})).data;
      await setStorageSecretKey(t, company.id, issued.SecretKey);
      expect(ok(await client.call(storageAccountGet, {})).data.SecretKey).toBe(issued.SecretKey);
      const rotated = ok(await client.call(storageRotateKeys, {})).data;
      expect((await storageAccountsOf(t, company.id))[0]?.secret_key).toMatch(/^sealed:v1:/);
      expect(ok(await client.call(storageAccountGet, {})).data.SecretKey).toBe(rotated.SecretKey);
    });

    it('shows the keys to the company and an admin signed in as it, not to staff or the admin as themselves', async () => {
      const { client, user } = await customer();
      ok(await client.call(storageEnable, {}));
      const keys = ok(await client.call(storageAccountGet, {})).data;
      const admin = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user;
      const support = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'support' })).user;
      const asCustomer = await new TestClient(t.app).useSession(t.db, t.clock, user.id, admin.id);
      expect(ok(await asCustomer.call(storageAccountGet, {})).data).toMatchObject({ AccessKey: keys.AccessKey, SecretKey: keys.SecretKey });
      for (const staff of [admin, support]) {
        const own = await new TestClient(t.app).useSession(t.db, t.clock, staff.id);
        expect((await own.call(storageAccountGet, {})).code).toBe(403);
      }
    });

    it('offers the 13 regions with us-east-1 as the default', async () => {
      const { client } = await customer();
      const { regions, default_region } = ok(await client.call(storageActiveRegions, {})).data;
      expect(Object.keys(regions)).toEqual(STORAGE_REGION_IDS);
      expect(Object.keys(regions)).toHaveLength(13);
      expect(default_region).toBe('us-east-1');
    });
  });

  describe('buckets and the S3 endpoint', () => {
    it('a customer puts objects with the issued keys; the bucket lists with its bytes; rotated keys stop working', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      const made = ok(await client.call(storageCreateBucket, {})).data;
      expect(made).toMatchObject({ region: 'us-east-1', has_object_lock: false, pending_delete: false, active_storage_bytes: 0 });
      expect(made.bucket).toMatch(new RegExp(`^c${company.id}-[0-9a-f]{12}$`));
      const account = ok(await client.call(storageAccountGet, {})).data;
      const mine = s3(account.endpoint, account);
      await mine.send(new PutObjectCommand({ Bucket: made.bucket, Key: 'backups/day 1.bin', Body: 'x'.repeat(1500) }));
      const back = await mine.send(new GetObjectCommand({ Bucket: made.bucket, Key: 'backups/day 1.bin' }));
      expect(await back.Body?.transformToString()).toHaveLength(1500);
      expect((await mine.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual([made.bucket]);

      const listed = ok(await client.call(storageListBuckets, {})).data.buckets;
      expect(listed.map((b) => [b.bucket, b.active_storage_bytes])).toEqual([[made.bucket, 1500]]);
      expect(ok(await client.call(storageAccountGet, {})).data.current_usage_bytes).toBe(1500);

      const rotated = ok(await client.call(storageRotateKeys, {})).data;
      expect(rotated.AccessKey).not.toBe(account.AccessKey);
      expect(await refusal(mine.send(new PutObjectCommand({ Bucket: made.bucket, Key: 'late', Body: 'no' })))).toBe('InvalidAccessKeyId');
      await s3(account.endpoint, rotated).send(new PutObjectCommand({ Bucket: made.bucket, Key: 'new', Body: 'yes' }));
      expect(ok(await client.call(storageAccountGet, {})).data).toMatchObject(rotated);
      expect((await storageAccountsOf(t, company.id))[0]?.secret_key).not.toContain(rotated.SecretKey);
    });

    it('refuses anonymous requests, a wrong secret, and another account’s bucket', async () => {
      const a = await customer();
      const b = await customer();
      ok(await a.client.call(storageEnable, {}));
      ok(await b.client.call(storageEnable, {}));
      const bucketA = ok(await a.client.call(storageCreateBucket, { target_region: 'eu-central-1' })).data.bucket;
      const keysA = ok(await a.client.call(storageAccountGet, {})).data;
      const keysB = ok(await b.client.call(storageAccountGet, {})).data;
      const anonymous = await fetch(`${keysA.endpoint}/${bucketA}?list-type=2`);
      expect(anonymous.status).toBe(403);
      const forged = s3(keysA.endpoint, { AccessKey: keysA.AccessKey, SecretKey: keysB.SecretKey });
      expect(await refusal(forged.send(new PutObjectCommand({ Bucket: bucketA, Key: 'k', Body: 'v' })))).toBe('SignatureDoesNotMatch');
      expect(await refusal(s3(keysB.endpoint, keysB).send(new PutObjectCommand({ Bucket: bucketA, Key: 'k', Body: 'v' })))).toBe(
        'AccessDenied',
      );
      expect((await s3(keysB.endpoint, keysB).send(new ListBucketsCommand({}))).Buckets ?? []).toEqual([]);
      // B cannot delete A's bucket through the portal either: it reads as missing.
      const refused = await b.client.call(storageDeleteBucket, { target_bucket_name: bucketA });
      expect(refused).toMatchObject({ code: 404, message: STORAGE_MESSAGES.bucketNotFound });
      expect(await storageBucketsOf(t, a.company.id)).toHaveLength(1);
    });

    it('checks presigned URLs too: the signed one reads, a changed one is refused', async () => {
      const { client } = await customer();
      ok(await client.call(storageEnable, {}));
      const { bucket } = ok(await client.call(storageCreateBucket, {})).data;
      const keys = ok(await client.call(storageAccountGet, {})).data;
      const mine = s3(keys.endpoint, keys);
      await mine.send(new PutObjectCommand({ Bucket: bucket, Key: 'shared.txt', Body: 'hello' }));
      const url = await getSignedUrl(mine, new GetObjectCommand({ Bucket: bucket, Key: 'shared.txt' }), { expiresIn: 600 });
      const signed = await fetch(url);
      expect([signed.status, await signed.text()]).toEqual([200, 'hello']);
      expect((await fetch(url.replace('shared.txt', 'other.txt'))).status).toBe(403);
    });

    it('an object lock bucket keeps a retained object and cannot be deleted', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      const locked = ok(await client.call(storageCreateBucket, { target_region: 'us-west-1', target_object_lock_enabled: true })).data;
      expect(locked).toMatchObject({ has_object_lock: true, region: 'us-west-1' });
      const keys = ok(await client.call(storageAccountGet, {})).data;
      const mine = s3(keys.endpoint, keys);
      const until = new Date(Date.now() + 86_400_000);
      await mine.send(
        new PutObjectCommand({
          Bucket: locked.bucket,
          Key: 'kept',
          Body: 'retained',
          ObjectLockMode: 'COMPLIANCE',
          ObjectLockRetainUntilDate: until,
        }),
      );
      const { DeleteObjectCommand, GetObjectLockConfigurationCommand } = await import('@aws-sdk/client-s3');
      expect((await mine.send(new GetObjectLockConfigurationCommand({ Bucket: locked.bucket }))).ObjectLockConfiguration).toMatchObject({
        ObjectLockEnabled: 'Enabled',
      });
      expect(await refusal(mine.send(new DeleteObjectCommand({ Bucket: locked.bucket, Key: 'kept' })))).toBe('AccessDenied');
      const refused = await client.call(storageDeleteBucket, { target_bucket_name: locked.bucket });
      expect(refused).toMatchObject({ code: 400, message: STORAGE_MESSAGES.objectLock });
      expect(await storageBucketsOf(t, company.id)).toHaveLength(1);
    });

    it('deletes a bucket with its objects at the provider and here', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      const made = ok(await client.call(storageCreateBucket, { target_region: 'ap-southeast-2' })).data;
      const keys = ok(await client.call(storageAccountGet, {})).data;
      await s3(keys.endpoint, keys).send(new PutObjectCommand({ Bucket: made.bucket, Key: 'a', Body: 'b' }));
      expect(ok(await client.call(storageDeleteBucket, { target_bucket_name: made.bucket })).data.message).toBe(
        STORAGE_MESSAGES.bucketDeleted,
      );
      expect(await storageBucketsOf(t, company.id)).toEqual([]);
      const account = (await storageAccountsOf(t, company.id))[0];
      expect(await storageProviderFor(t.app.deps.config).listBuckets(account?.provider_account_id ?? '')).toEqual([]);
      expect(await client.call(storageDeleteBucket, { target_bucket_name: made.bucket })).toMatchObject({ code: 404 });
    });

    it('a creation the provider refuses leaves no bucket row', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      const account = (await storageAccountsOf(t, company.id))[0];
      // The account is closed at the provider behind the portal's back.
      await storageProviderFor(t.app.deps.config).deleteAccount(account?.provider_account_id ?? '');
      const refused = await client.call(storageCreateBucket, { target_region: 'us-east-1' });
      expect(refused.code).toBe(502);
      expect(refused.message).toContain('does not exist');
      expect(await storageBucketsOf(t, company.id)).toEqual([]);
    });

    it('needs storage enabled, and one of the listed regions', async () => {
      const { client } = await customer();
      expect(await client.call(storageCreateBucket, {})).toMatchObject({ code: 400, message: STORAGE_MESSAGES.notEnabled });
      expect(await client.call(storageRotateKeys, {})).toMatchObject({ code: 400, message: STORAGE_MESSAGES.notEnabled });
      ok(await client.call(storageEnable, {}));
      const bad = await client.call(storageCreateBucket, { target_region: 'mars-1' as never });
      expect(bad).toMatchObject({ code: 400, data: { fields: { target_region: STORAGE_MESSAGES.region } } });
    });
  });

  describe('disable', () => {
    it('removes every bucket at the provider and here, the account, the subscription and the service', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      ok(await client.call(storageCreateBucket, {}));
      ok(await client.call(storageCreateBucket, { target_region: 'eu-west-1' }));
      const keys = ok(await client.call(storageAccountGet, {})).data;
      expect(await client.call(storageDisable, { confirm: 'no' as never })).toMatchObject({ code: 400 });
      expect(ok(await client.call(storageDisable, { confirm: 'yes' })).data).toEqual({
        message: STORAGE_MESSAGES.disabled,
        disabled: true,
        failed_buckets: [],
      });
      expect(await storageBucketsOf(t, company.id)).toEqual([]);
      expect(await storageAccountsOf(t, company.id)).toEqual([]);
      expect((await companyRow(t, company.id))?.has_comet_storage).toBe(false);
      expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'storage').every((s) => s.stopped_at !== null)).toBe(true);
      expect(await refusal(s3(keys.endpoint, keys).send(new ListBucketsCommand({})))).toBe('InvalidAccessKeyId');
      // Enabling again makes a new account.
      ok(await client.call(storageEnable, {}));
      expect(ok(await client.call(storageAccountGet, {})).data.AccessKey).not.toBe(keys.AccessKey);
    });

    it('refuses while a bucket has object lock, before deleting anything, here or at the provider', async () => {
      const { client, company } = await customer();
      ok(await client.call(storageEnable, {}));
      const plain = ok(await client.call(storageCreateBucket, {})).data;
      const locked = ok(await client.call(storageCreateBucket, { target_object_lock_enabled: true })).data;
      const keys = ok(await client.call(storageAccountGet, {})).data;
      expect(await client.call(storageDisable, { confirm: 'yes' })).toEqual({
        status: 'error',
        code: 400,
        message: STORAGE_MESSAGES.disableObjectLock([locked.bucket]),
        data: {},
      });
      expect((await storageBucketsOf(t, company.id)).map((b) => b.bucket).sort()).toEqual([plain.bucket, locked.bucket].sort());
      const atProvider = await s3(keys.endpoint, keys).send(new ListBucketsCommand({}));
      expect((atProvider.Buckets ?? []).map((b) => b.Name).sort()).toEqual([plain.bucket, locked.bucket].sort());
      expect((await companyRow(t, company.id))?.has_comet_storage).toBe(true);
    });
  });
});
