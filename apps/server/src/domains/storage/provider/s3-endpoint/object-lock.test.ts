import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  GetObjectLockConfigurationCommand,
  GetObjectRetentionCommand,
  PutBucketLifecycleConfigurationCommand,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  PutObjectRetentionCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawS3 } from '../../../../test/raw-s3-client.ts';
import { LocalStorageProvider } from '../local.ts';
import { ObjectStore } from './object-store.ts';

/**
 * Object lock as S3 defines it for compliance mode (docs/decisions/0095): an object under retention keeps its
 * bytes against every way of deleting or replacing it, until its retention ends; the bucket says what it
 * promises. Checked with the AWS SDK, as backup software talks to the endpoint.
 */
let root = '';
let provider: LocalStorageProvider;
let s3: S3Client;
let keys: { accessKey: string; secretKey: string };
let endpoint = '';
const LOCKED = 'locked-backups';
const PLAIN = 'plain-backups';
const tomorrow = () => new Date(Date.now() + 86_400_000);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (err: { name?: string }) => err.name ?? 'error',
  );
const bytesOf = async (Key: string, Bucket = LOCKED) => (await s3.send(new GetObjectCommand({ Bucket, Key }))).Body?.transformToString();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'object-lock-'));
  provider = new LocalStorageProvider({ directory: root, host: '', port: 0, publicEndpoint: '', regions: ['us-east-1'] });
  const account = await provider.createAccount('Locked Co');
  keys = account.keys;
  await provider.createBucket(account.accountId, { name: LOCKED, region: 'us-east-1', objectLock: true });
  await provider.createBucket(account.accountId, { name: PLAIN, region: 'us-east-1', objectLock: false });
  endpoint = await provider.endpointFor('us-east-1');
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  await provider.close();
  await rm(root, { recursive: true, force: true });
});

async function retained(Key: string, Body: string) {
  await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key, Body, ObjectLockMode: 'COMPLIANCE', ObjectLockRetainUntilDate: tomorrow() }));
}

describe('object lock on the embedded endpoint', () => {
  it('says what each bucket promises: a lock bucket is Enabled with its default retention, a plain one has none', async () => {
    expect((await s3.send(new GetObjectLockConfigurationCommand({ Bucket: LOCKED }))).ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
    });
    expect(await refusal(s3.send(new GetObjectLockConfigurationCommand({ Bucket: PLAIN })))).toBe('ObjectLockConfigurationNotFoundError');
    await s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: LOCKED,
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 30 } } },
      }),
    );
    expect((await s3.send(new GetObjectLockConfigurationCommand({ Bucket: LOCKED }))).ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 30 } },
    });
    await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'by-default', Body: 'default retention' }));
    const retention = (await s3.send(new GetObjectRetentionCommand({ Bucket: LOCKED, Key: 'by-default' }))).Retention;
    expect(retention?.Mode).toBe('COMPLIANCE');
    expect(Math.round(((retention?.RetainUntilDate?.getTime() ?? 0) - Date.now()) / 86_400_000)).toBe(30);
    await s3.send(new PutObjectLockConfigurationCommand({ Bucket: LOCKED, ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' } }));
    expect(
      await refusal(
        s3.send(new PutObjectLockConfigurationCommand({ Bucket: PLAIN, ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' } })),
      ),
    ).toBe('InvalidBucketState');
  });

  it('reads back an object’s retention; one without retention has none', async () => {
    const until = tomorrow();
    await s3.send(
      new PutObjectCommand({ Bucket: LOCKED, Key: 'dated', Body: 'x', ObjectLockMode: 'COMPLIANCE', ObjectLockRetainUntilDate: until }),
    );
    expect((await s3.send(new GetObjectRetentionCommand({ Bucket: LOCKED, Key: 'dated' }))).Retention).toEqual({
      Mode: 'COMPLIANCE',
      RetainUntilDate: new Date(until.toISOString()),
    });
    await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'undated', Body: 'x' }));
    expect(await refusal(s3.send(new GetObjectRetentionCommand({ Bucket: LOCKED, Key: 'undated' })))).toBe('NoSuchObjectLockConfiguration');
    expect(
      await refusal(
        s3.send(
          new PutObjectCommand({ Bucket: PLAIN, Key: 'x', Body: 'x', ObjectLockMode: 'COMPLIANCE', ObjectLockRetainUntilDate: until }),
        ),
      ),
    ).toBe('InvalidRequest');
  });

  it('keeps a retained object’s bytes against overwrite, copy onto it, multipart onto it, delete and batch delete', async () => {
    await retained('backup.bin', 'the original backup');
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'ransom', Body: 'encrypted by an attacker' }));
    expect(await refusal(s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'backup.bin', Body: 'overwritten' })))).toBe('AccessDenied');
    expect(await refusal(s3.send(new CopyObjectCommand({ Bucket: LOCKED, Key: 'backup.bin', CopySource: `${PLAIN}/ransom` })))).toBe(
      'AccessDenied',
    );
    expect(
      await refusal(
        s3.send(
          new CopyObjectCommand({ Bucket: LOCKED, Key: 'backup.bin', CopySource: `${LOCKED}/backup.bin`, MetadataDirective: 'REPLACE' }),
        ),
      ),
    ).toBe('AccessDenied');
    expect(await refusal(s3.send(new CreateMultipartUploadCommand({ Bucket: LOCKED, Key: 'backup.bin' })))).toBe('AccessDenied');
    expect(await refusal(s3.send(new DeleteObjectCommand({ Bucket: LOCKED, Key: 'backup.bin' })))).toBe('AccessDenied');
    const batch = await s3.send(new DeleteObjectsCommand({ Bucket: LOCKED, Delete: { Objects: [{ Key: 'backup.bin' }] } }));
    expect(batch.Errors?.map((e) => [e.Key, e.Code])).toEqual([['backup.bin', 'AccessDenied']]);
    expect(await bytesOf('backup.bin')).toBe('the original backup');
  });

  it('refuses a multipart upload that would land on a key retained after it began', async () => {
    const upload = await s3.send(new CreateMultipartUploadCommand({ Bucket: LOCKED, Key: 'raced.bin' }));
    const part = await s3.send(
      new UploadPartCommand({ Bucket: LOCKED, Key: 'raced.bin', UploadId: upload.UploadId, PartNumber: 1, Body: 'late' }),
    );
    await retained('raced.bin', 'retained first');
    const completion = s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: LOCKED,
        Key: 'raced.bin',
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(await refusal(completion)).toBe('AccessDenied');
    expect(await bytesOf('raced.bin')).toBe('retained first');
  });

  it('only lengthens a retention, and offers no lifecycle or legal-hold trick around it', async () => {
    await retained('kept.bin', 'kept');
    const shorter = new Date(Date.now() + 3_600_000);
    expect(
      await refusal(
        s3.send(
          new PutObjectRetentionCommand({ Bucket: LOCKED, Key: 'kept.bin', Retention: { Mode: 'COMPLIANCE', RetainUntilDate: shorter } }),
        ),
      ),
    ).toBe('AccessDenied');
    const longer = new Date(Date.now() + 7 * 86_400_000);
    await s3.send(
      new PutObjectRetentionCommand({ Bucket: LOCKED, Key: 'kept.bin', Retention: { Mode: 'COMPLIANCE', RetainUntilDate: longer } }),
    );
    expect((await s3.send(new GetObjectRetentionCommand({ Bucket: LOCKED, Key: 'kept.bin' }))).Retention?.RetainUntilDate).toEqual(
      new Date(longer.toISOString()),
    );
    const lifecycle = s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: LOCKED,
        LifecycleConfiguration: { Rules: [{ ID: 'expire-all', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } }] },
      }),
    );
    expect(await refusal(lifecycle)).toBe('NotImplemented');
    const bypass = await rawS3(endpoint, keys, {
      method: 'DELETE',
      path: `/${LOCKED}/kept.bin`,
      headers: { 'x-amz-bypass-governance-retention': 'true' },
    });
    expect([bypass.status, bypass.code]).toEqual([403, 'AccessDenied']);
    expect(await bytesOf('kept.bin')).toBe('kept');
  });

  it('lets an object without retention, in a lock bucket, be replaced and deleted (as S3 does)', async () => {
    await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'scratch', Body: 'one' }));
    await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'scratch', Body: 'two' }));
    expect(await bytesOf('scratch')).toBe('two');
    await s3.send(new DeleteObjectCommand({ Bucket: LOCKED, Key: 'scratch' }));
    expect(await refusal(s3.send(new GetObjectCommand({ Bucket: LOCKED, Key: 'scratch' })))).toBe('NoSuchKey');
  });

  it('takes writes onto one key in turn: of twenty racing retained writes exactly one lands, and its bytes stay', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => `racer ${i}`);
    const results = await Promise.allSettled(
      bodies.map((Body) =>
        s3.send(
          new PutObjectCommand({
            Bucket: LOCKED,
            Key: 'contested',
            Body,
            ObjectLockMode: 'COMPLIANCE',
            ObjectLockRetainUntilDate: tomorrow(),
          }),
        ),
      ),
    );
    const landed = bodies.filter((_, i) => results[i]?.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    expect(await bytesOf('contested')).toBe(landed[0]);
  });
});

describe('the object store’s retention clock', () => {
  it('refuses a delete and an overwrite before the retention ends and allows both after', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'object-store-'));
    try {
      const store = new ObjectStore(dir);
      await store.prepare();
      await store.createBucket('clocked', { region: 'us-east-1', objectLock: true, createdAt: new Date().toISOString() });
      const at = new Date('2026-11-28T00:00:00Z');
      const until = '2026-12-01T00:00:00.000Z';
      const incoming = async (text: string) => {
        const file = store.incomingFile();
        await writeFile(file, text);
        return file;
      };
      await store.put(
        'clocked',
        'k',
        await incoming('first'),
        { size: 5, etag: 'e1', headers: {}, retention: { mode: 'COMPLIANCE', until } },
        at,
      );
      const justBefore = new Date('2026-11-30T23:59:59Z');
      await expect(store.delete('clocked', 'k', justBefore)).rejects.toMatchObject({ code: 'AccessDenied' });
      await expect(
        store.put('clocked', 'k', await incoming('second'), { size: 6, etag: 'e2', headers: {} }, justBefore),
      ).rejects.toMatchObject({
        code: 'AccessDenied',
      });
      const after = new Date('2026-12-01T00:00:01Z');
      await store.put('clocked', 'k', await incoming('second'), { size: 6, etag: 'e2', headers: {} }, after);
      expect((await store.head('clocked', 'k'))?.etag).toBe('e2');
      await store.delete('clocked', 'k', after);
      expect(await store.head('clocked', 'k')).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
