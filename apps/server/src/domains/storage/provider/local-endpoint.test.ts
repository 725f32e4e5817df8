import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorageProvider, type LocalProviderOptions } from './local.ts';

/**
 * Where customers find the embedded endpoint (docs/decisions/0095): the same address after a restart, so their
 * S3 configurations keep working, and an address other machines reach when STORAGE_PUBLIC_ENDPOINT is set.
 */
let root = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'local-endpoint-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function client(endpoint: string, keys: { accessKey: string; secretKey: string }) {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const options = (o: Partial<LocalProviderOptions>): LocalProviderOptions => ({
  directory: path.join(root, 'storage'),
  host: '',
  port: '',
  publicEndpoint: '',
  regions: ['us-east-1'],
  ...o,
});

describe('the embedded endpoint’s address', () => {
  it('keeps its port across restarts, so a customer’s client configuration keeps working', async () => {
    const first = new LocalStorageProvider(options({}));
    const account = await first.createAccount('Steady Co');
    await first.createBucket(account.accountId, { name: 'steady-bucket', region: 'us-east-1', objectLock: false });
    const endpoint = await first.endpointFor('us-east-1');
    await client(endpoint, account.keys).send(new PutObjectCommand({ Bucket: 'steady-bucket', Key: 'before-restart', Body: 'x' }));
    await first.close();

    const second = new LocalStorageProvider(options({}));
    try {
      expect(await second.endpointFor('us-east-1')).toBe(endpoint);
      const listed = await client(endpoint, account.keys).send(new ListObjectsV2Command({ Bucket: 'steady-bucket' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual(['before-restart']);
    } finally {
      await second.close();
    }
  });

  it('with a public endpoint, gives customers that address and listens where other machines reach it', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    expect(external, 'this machine has a network address besides loopback').toBeDefined();
    const provider = new LocalStorageProvider(
      options({ directory: path.join(root, 'public'), port: 0, publicEndpoint: 'https://s3.portal.example.com' }),
    );
    try {
      const account = await provider.createAccount('Remote Co');
      await provider.createBucket(account.accountId, { name: 'remote-bucket', region: 'us-east-1', objectLock: false });
      expect(await provider.endpointFor('us-east-1')).toBe('https://s3.portal.example.com');
      const { address, port } = await provider.listening();
      expect(address).toBe('0.0.0.0');
      const listed = await client(`http://${external}:${port}`, account.keys).send(new ListObjectsV2Command({ Bucket: 'remote-bucket' }));
      expect(listed.KeyCount).toBe(0);
    } finally {
      await provider.close();
    }
  });

  it('takes over the objects an earlier version kept in s3rver’s layout, once', async () => {
    const directory = path.join(root, 'upgraded');
    const bucket = path.join(directory, 'objects', 'old-bucket');
    await mkdir(path.join(bucket, 'nightly'), { recursive: true });
    await writeFile(path.join(bucket, 'nightly', 'backup.bin._S3rver_object'), 'kept across the upgrade');
    await writeFile(
      path.join(bucket, 'nightly', 'backup.bin._S3rver_metadata.json'),
      JSON.stringify({ 'content-type': 'application/x-backup', 'x-amz-meta-job': '7' }),
    );
    const keys = { accessKey: 'OLDACCESSKEY0000', secretKey: 'old-secret-key-of-the-account-0000' };
    const createdAt = new Date().toISOString();
    await writeFile(
      path.join(directory, 'accounts.json'),
      JSON.stringify({
        accounts: {
          'acct-old': { label: 'Old Co', keys, buckets: { 'old-bucket': { region: 'us-east-1', objectLock: false, createdAt } } },
        },
      }),
    );
    const provider = new LocalStorageProvider(options({ directory, port: 0 }));
    try {
      const s3 = client(await provider.endpointFor('us-east-1'), keys);
      const got = await s3.send(new GetObjectCommand({ Bucket: 'old-bucket', Key: 'nightly/backup.bin' }));
      expect([await got.Body?.transformToString(), got.ContentType, got.Metadata]).toEqual([
        'kept across the upgrade',
        'application/x-backup',
        { job: '7' },
      ]);
      expect((await readdir(directory)).filter((n) => n.startsWith('objects'))).toEqual([expect.stringMatching(/^objects-imported-\d+$/)]);
    } finally {
      await provider.close();
    }
  });
});
