import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignedPath, type RawAnswer, type RawKeys, type RawRequest, rawS3, send } from '../../../../test/raw-s3-client.ts';
import { LocalStorageProvider } from '../local.ts';

/**
 * The embedded endpoint against a customer who holds only its own keys and tries to reach another company's
 * objects or the disk (docs/decisions/0095): every operation the endpoint serves, every spelling of a path out
 * of the caller's bucket, another Host, and copy sources. The only successes are on the caller's own bucket;
 * the victim's objects, the storage folder outside the caller's bucket and everything beside the storage folder
 * are unchanged; no answer carries the victim's bytes.
 */
const MARK = `victim-secret-${randomBytes(6).toString('hex')}`;

let root = '';
let folder = '';
let provider: LocalStorageProvider;
let endpoint = '';
let a: RawKeys;
let b: RawKeys;
const OWN = 'tenant-a-backups';
const VICTIM = 'tenant-b-backups';
const VICTIM_LOCKED = 'tenant-b-locked';
const SECRET_KEY = 'secret/report.txt';
let victimUpload = '';
let ownUpload = '';

function client(keys: RawKeys) {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Every file under a folder with its size and change time, as one comparable text. */
async function tree(dir: string, skip: (relative: string) => boolean = () => false): Promise<string[]> {
  const out: string[] = [];
  async function walk(at: string) {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const relative = path.relative(dir, full);
      if (skip(relative)) continue;
      if (entry.isDirectory()) {
        out.push(`${relative}/`);
        await walk(full);
      } else {
        const s = await stat(full);
        out.push(`${relative} ${s.size} ${s.mtimeMs}`);
      }
    }
  }
  await walk(dir);
  return out.sort();
}

/** What may change while the attacker works: its own bucket, multipart uploads, bodies in flight. */
const attackersOwn = (relative: string) =>
  relative.startsWith(`storage${path.sep}buckets${path.sep}${OWN}`) ||
  relative.startsWith(`storage${path.sep}uploads`) ||
  relative.startsWith(`storage${path.sep}incoming`);

async function victimState() {
  const bClient = client(b);
  const state: Record<string, string> = {};
  for (const bucket of [VICTIM, VICTIM_LOCKED]) {
    const listed = await bClient.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const o of listed.Contents ?? []) {
      const got = await bClient.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key }));
      state[`${bucket}/${o.Key}`] = `${o.ETag} ${await got.Body?.transformToString()}`;
    }
  }
  return state;
}

let before: { victim: Record<string, string>; disk: string[] };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tenant-escape-'));
  folder = path.join(root, 'storage');
  await mkdir(path.join(root, 'beside'));
  provider = new LocalStorageProvider({ directory: folder, host: '', port: 0, publicEndpoint: '', regions: ['us-east-1'] });
  const accountA = await provider.createAccount('Company A');
  const accountB = await provider.createAccount('Company B');
  a = accountA.keys;
  b = accountB.keys;
  endpoint = await provider.endpointFor('us-east-1');
  await provider.createBucket(accountA.accountId, { name: OWN, region: 'us-east-1', objectLock: false });
  await provider.createBucket(accountB.accountId, { name: VICTIM, region: 'us-east-1', objectLock: false });
  await provider.createBucket(accountB.accountId, { name: VICTIM_LOCKED, region: 'us-east-1', objectLock: true });
  const bClient = client(b);
  await bClient.send(new PutObjectCommand({ Bucket: VICTIM, Key: SECRET_KEY, Body: `${MARK} plain` }));
  await bClient.send(
    new PutObjectCommand({
      Bucket: VICTIM_LOCKED,
      Key: SECRET_KEY,
      Body: `${MARK} locked`,
      ObjectLockMode: 'COMPLIANCE',
      ObjectLockRetainUntilDate: new Date(Date.now() + 86_400_000),
    }),
  );
  victimUpload = (await bClient.send(new CreateMultipartUploadCommand({ Bucket: VICTIM, Key: 'in-progress.bin' }))).UploadId ?? '';
  await client(a).send(new PutObjectCommand({ Bucket: OWN, Key: 'mine.txt', Body: 'my own bytes' }));
  ownUpload = (await client(a).send(new CreateMultipartUploadCommand({ Bucket: OWN, Key: 'upload.bin' }))).UploadId ?? '';
  before = { victim: await victimState(), disk: await tree(root, attackersOwn) };
});

afterAll(async () => {
  await provider.close();
  await rm(root, { recursive: true, force: true });
});

/** Paths from the attacker's bucket to the victim's object and out of the storage folder, as the review tried them and more. */
function escapes(bucket: string, key: string): Record<string, string> {
  const k = encodeURIComponent(key).replace(/%2F/g, '/');
  return {
    'the other tenant’s bucket': `/${bucket}/${k}`,
    '..': `/${OWN}/../${bucket}/${k}`,
    '%2E%2E': `/${OWN}/%2E%2E/${bucket}/${k}`,
    '..%2F': `/${OWN}/..%2F${bucket}%2F${encodeURIComponent(key)}`,
    '%2e%2e%2f lower case': `/${OWN}/%2e%2e%2f${bucket}%2f${encodeURIComponent(key)}`,
    './..': `/${OWN}/./../${bucket}/${k}`,
    backslash: `/${OWN}/..%5C${bucket}%5C${encodeURIComponent(key)}`,
    NUL: `/${OWN}/x%00/../../${bucket}/${k}`,
    'encoded slash in the bucket': `/${OWN}%2F..%2F${bucket}/${k}`,
    'out of the storage folder': `/${OWN}/..%2F..%2F..%2Fbeside%2Fplanted`,
    'a bucket nobody has': `/no-such-bucket-${randomBytes(3).toString('hex')}/${k}`,
    'an over-long key': `/${OWN}/${'k'.repeat(1025)}`,
  };
}

interface Case {
  name: string;
  request: RawRequest;
}

function objectCases(target: string, spelling: string, p: string): Case[] {
  const named = (op: string) => `${op} via ${spelling} (${target})`;
  return [
    { name: named('GetObject'), request: { method: 'GET', path: p } },
    { name: named('HeadObject'), request: { method: 'HEAD', path: p } },
    { name: named('PutObject'), request: { method: 'PUT', path: p, body: 'planted' } },
    { name: named('DeleteObject'), request: { method: 'DELETE', path: p } },
    { name: named('CopyObject onto'), request: { method: 'PUT', path: p, headers: { 'x-amz-copy-source': `/${OWN}/mine.txt` } } },
    { name: named('CreateMultipartUpload'), request: { method: 'POST', path: p, query: { uploads: '' } } },
    { name: named('UploadPart'), request: { method: 'PUT', path: p, query: { partNumber: '1', uploadId: ownUpload }, body: 'part' } },
    {
      name: named('UploadPartCopy'),
      request: {
        method: 'PUT',
        path: p,
        query: { partNumber: '1', uploadId: ownUpload },
        headers: { 'x-amz-copy-source': `/${OWN}/mine.txt` },
      },
    },
    {
      name: named('CompleteMultipartUpload'),
      request: {
        method: 'POST',
        path: p,
        query: { uploadId: ownUpload },
        body: '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"x"</ETag></Part></CompleteMultipartUpload>',
      },
    },
    { name: named('AbortMultipartUpload'), request: { method: 'DELETE', path: p, query: { uploadId: victimUpload } } },
    { name: named('ListParts'), request: { method: 'GET', path: p, query: { uploadId: victimUpload } } },
    { name: named('GetObjectRetention'), request: { method: 'GET', path: p, query: { retention: '' } } },
  ];
}

function bucketCases(bucket: string): Case[] {
  const named = (op: string) => `${op} on ${bucket}`;
  return [
    { name: named('ListObjects'), request: { method: 'GET', path: `/${bucket}` } },
    { name: named('ListObjectsV2'), request: { method: 'GET', path: `/${bucket}`, query: { 'list-type': '2' } } },
    { name: named('ListObjectsV2 with a slash'), request: { method: 'GET', path: `/${bucket}/`, query: { 'list-type': '2' } } },
    { name: named('ListMultipartUploads'), request: { method: 'GET', path: `/${bucket}`, query: { uploads: '' } } },
    { name: named('HeadBucket'), request: { method: 'HEAD', path: `/${bucket}` } },
    { name: named('GetBucketLocation'), request: { method: 'GET', path: `/${bucket}`, query: { location: '' } } },
    { name: named('GetObjectLockConfiguration'), request: { method: 'GET', path: `/${bucket}`, query: { 'object-lock': '' } } },
    {
      name: named('DeleteObjects'),
      request: {
        method: 'POST',
        path: `/${bucket}`,
        query: { delete: '' },
        body: `<Delete><Object><Key>${SECRET_KEY}</Key></Object></Delete>`,
      },
    },
    { name: named('DeleteBucket'), request: { method: 'DELETE', path: `/${bucket}` } },
    { name: named('CreateBucket'), request: { method: 'PUT', path: `/${bucket}` } },
    {
      name: named('PutBucketLifecycleConfiguration'),
      request: { method: 'PUT', path: `/${bucket}`, query: { lifecycle: '' }, body: '<LifecycleConfiguration/>' },
    },
  ];
}

/** Copy sources that name the victim's object in each spelling, for CopyObject and UploadPartCopy into the attacker's bucket. */
function copySources(bucket: string): Record<string, string> {
  return {
    plain: `${bucket}/${SECRET_KEY}`,
    'leading slash': `/${bucket}/${SECRET_KEY}`,
    '..': `${OWN}/../${bucket}/${SECRET_KEY}`,
    '%2E%2E': `${OWN}/%2E%2E/${bucket}/${encodeURIComponent(SECRET_KEY)}`,
    '..%2F': `${OWN}/..%2F${bucket}%2F${encodeURIComponent(SECRET_KEY)}`,
    backslash: `${OWN}/..%5C${bucket}%5C${encodeURIComponent(SECRET_KEY)}`,
    'a version': `${bucket}/${SECRET_KEY}?versionId=1`,
  };
}

const answers: { name: string; answer: RawAnswer }[] = [];

async function attack(c: Case) {
  const answer = await rawS3(endpoint, a, c.request);
  answers.push({ name: c.name, answer });
  return answer;
}

describe('the embedded S3 endpoint keeps each account to its own buckets', () => {
  it('serves every operation on the caller’s own bucket (so the refusals below are not a refusal of everything)', async () => {
    const ok = async (c: Case, status = 200) => {
      const answer = await attack(c);
      expect([c.name, answer.status]).toEqual([c.name, status]);
      return answer;
    };
    const p = `/${OWN}/own/object.txt`;
    await ok({ name: 'PutObject', request: { method: 'PUT', path: p, body: 'x'.repeat(5 * 1024 * 1024) } });
    await ok({ name: 'GetObject', request: { method: 'GET', path: p } });
    await ok({ name: 'HeadObject', request: { method: 'HEAD', path: p } });
    await ok({
      name: 'CopyObject',
      request: { method: 'PUT', path: `/${OWN}/own/copy.txt`, headers: { 'x-amz-copy-source': `/${OWN}/own/object.txt` } },
    });
    const created = await ok({
      name: 'CreateMultipartUpload',
      request: { method: 'POST', path: `/${OWN}/own/joined.bin`, query: { uploads: '' } },
    });
    const uploadId = /<UploadId>([^<]+)</.exec(created.body.toString())?.[1] ?? '';
    const copied = await ok({
      name: 'UploadPartCopy',
      request: {
        method: 'PUT',
        path: `/${OWN}/own/joined.bin`,
        query: { partNumber: '1', uploadId },
        headers: { 'x-amz-copy-source': `${OWN}/own/object.txt` },
      },
    });
    const part = await ok({
      name: 'UploadPart',
      request: { method: 'PUT', path: `/${OWN}/own/joined.bin`, query: { partNumber: '2', uploadId }, body: 'tail' },
    });
    await ok({ name: 'ListParts', request: { method: 'GET', path: `/${OWN}/own/joined.bin`, query: { uploadId } } });
    const etags = [/<ETag>([^<]+)</.exec(copied.body.toString())?.[1], part.headers.etag].map((e) => String(e).replace(/&quot;/g, '"'));
    await ok({
      name: 'CompleteMultipartUpload',
      request: {
        method: 'POST',
        path: `/${OWN}/own/joined.bin`,
        query: { uploadId },
        body: `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`,
      },
    });
    const head = await ok({ name: 'HeadObject of the joined object', request: { method: 'HEAD', path: `/${OWN}/own/joined.bin` } });
    expect(head.headers['content-length']).toBe(String(5 * 1024 * 1024 + 4));
    const another = await ok({
      name: 'CreateMultipartUpload',
      request: { method: 'POST', path: `/${OWN}/own/aborted.bin`, query: { uploads: '' } },
    });
    await ok(
      {
        name: 'AbortMultipartUpload',
        request: {
          method: 'DELETE',
          path: `/${OWN}/own/aborted.bin`,
          query: { uploadId: /<UploadId>([^<]+)</.exec(another.body.toString())?.[1] ?? '' },
        },
      },
      204,
    );
    const listed = await ok({
      name: 'ListObjectsV2',
      request: { method: 'GET', path: `/${OWN}`, query: { 'list-type': '2', prefix: 'own/' } },
    });
    expect(listed.body.toString().match(/<Key>/g)).toHaveLength(3);
    await ok({ name: 'ListObjects', request: { method: 'GET', path: `/${OWN}`, query: { prefix: 'own/', delimiter: '/' } } });
    await ok({ name: 'ListMultipartUploads', request: { method: 'GET', path: `/${OWN}`, query: { uploads: '' } } });
    await ok({ name: 'HeadBucket', request: { method: 'HEAD', path: `/${OWN}` } });
    await ok({ name: 'GetBucketLocation', request: { method: 'GET', path: `/${OWN}`, query: { location: '' } } });
    for (const method of ['PUT', 'GET']) {
      const url = await presignedPath(endpoint, a, { method, path: `/${OWN}/own/presigned.txt` });
      const answer = await send(new URL(endpoint), method, url, {}, method === 'PUT' ? Buffer.from('presigned bytes') : undefined);
      expect([method, answer.status]).toEqual([method, 200]);
      if (method === 'GET') expect(answer.body.toString()).toBe('presigned bytes');
    }
    await ok({ name: 'DeleteObject', request: { method: 'DELETE', path: `/${OWN}/own/copy.txt` } }, 204);
    const batch = await ok({
      name: 'DeleteObjects',
      request: {
        method: 'POST',
        path: `/${OWN}`,
        query: { delete: '' },
        body: '<Delete><Object><Key>own/joined.bin</Key></Object></Delete>',
      },
    });
    expect(batch.body.toString()).toContain('<Deleted><Key>own/joined.bin</Key></Deleted>');
  });

  for (const victim of [VICTIM, VICTIM_LOCKED]) {
    it(`refuses every object operation on ${victim}'s object in every spelling, 4xx, before touching storage`, async () => {
      const refused: string[] = [];
      for (const [spelling, p] of Object.entries(escapes(victim, SECRET_KEY))) {
        for (const c of objectCases(victim, spelling, p)) {
          const answer = await attack(c);
          if (answer.status >= 400 && answer.status < 500) refused.push(c.name);
          else expect.fail(`${c.name} answered ${answer.status} ${answer.body.toString()}`);
        }
      }
      expect(refused.length).toBe(12 * 12);
    });

    it(`refuses presigned GET and PUT URLs to ${victim}'s object in every spelling`, async () => {
      for (const [spelling, p] of Object.entries(escapes(victim, SECRET_KEY))) {
        for (const method of ['GET', 'PUT']) {
          const url = await presignedPath(endpoint, a, { method, path: p });
          const answer = await send(new URL(endpoint), method, url, {}, method === 'PUT' ? Buffer.from('planted') : undefined);
          answers.push({ name: `presigned ${method} via ${spelling}`, answer });
          expect([spelling, method, answer.status >= 400 && answer.status < 500]).toEqual([spelling, method, true]);
        }
      }
    });

    it(`refuses every bucket operation on ${victim} and on a bucket nobody has`, async () => {
      for (const bucket of [victim, `no-such-bucket-${randomBytes(3).toString('hex')}`]) {
        for (const c of bucketCases(bucket)) {
          const answer = await attack(c);
          expect([c.name, answer.status >= 400 && answer.status < 500]).toEqual([c.name, true]);
        }
      }
    });

    it(`refuses copies from ${victim} in every spelling of the copy source`, async () => {
      for (const [spelling, source] of Object.entries(copySources(victim))) {
        for (const c of [
          {
            name: `CopyObject from ${spelling}`,
            request: { method: 'PUT', path: `/${OWN}/stolen`, headers: { 'x-amz-copy-source': source } },
          },
          {
            name: `UploadPartCopy from ${spelling}`,
            request: {
              method: 'PUT',
              path: `/${OWN}/upload.bin`,
              query: { partNumber: '2', uploadId: ownUpload },
              headers: { 'x-amz-copy-source': source },
            },
          },
        ]) {
          const answer = await attack(c);
          expect([c.name, answer.status >= 400 && answer.status < 500]).toEqual([c.name, true]);
        }
      }
    });
  }

  it('deletes in a batch only keys of the caller’s own bucket: traversal keys are errors of their own', async () => {
    const keys = [
      `../${VICTIM}/${SECRET_KEY}`,
      `..\\${VICTIM}\\${SECRET_KEY}`,
      `./../${VICTIM_LOCKED}/${SECRET_KEY}`,
      `a/../../${VICTIM}/${SECRET_KEY}`,
    ];
    const body = `<Delete>${keys.map((k) => `<Object><Key>${k}</Key></Object>`).join('')}</Delete>`;
    const answer = await attack({
      name: 'DeleteObjects with traversal keys',
      request: { method: 'POST', path: `/${OWN}`, query: { delete: '' }, body },
    });
    expect(answer.status).toBe(200);
    const text = answer.body.toString();
    expect(text.match(/<Error>/g)).toHaveLength(keys.length);
    expect(text).not.toContain('<Deleted>');
  });

  it('takes the bucket from the path only: another Host header names no other bucket', async () => {
    for (const host of [VICTIM, `${VICTIM}.127.0.0.1`, `${VICTIM}.s3.localhost:1`, `${VICTIM_LOCKED}.localhost`]) {
      const put = await attack({
        name: `PutObject with Host ${host}`,
        request: { method: 'PUT', path: `/${OWN}/via-host.txt`, body: 'landed in my own bucket', host },
      });
      expect([host, put.status]).toEqual([host, 200]);
      const get = await attack({ name: `GetObject with Host ${host}`, request: { method: 'GET', path: `/${OWN}/mine.txt`, host } });
      expect([host, get.body.toString()]).toEqual([host, 'my own bytes']);
      const keyAsBucket = await attack({
        name: `GetObject of a key path with Host ${host}`,
        request: { method: 'GET', path: `/${SECRET_KEY}`, host },
      });
      expect([host, keyAsBucket.code]).toEqual([host, 'NoSuchBucket']);
      const list = await attack({ name: `ListBuckets with Host ${host}`, request: { method: 'GET', path: '/', host } });
      expect(list.body.toString()).toContain(OWN);
      expect(list.body.toString()).not.toContain('tenant-b');
      const deleted = await attack({ name: `DeleteObject with Host ${host}`, request: { method: 'DELETE', path: `/${SECRET_KEY}`, host } });
      expect([host, deleted.code]).toEqual([host, 'NoSuchBucket']);
    }
    expect(await readFile(path.join(folder, 'accounts.json'), 'utf8')).toContain(OWN);
  });

  it('refuses the same through the AWS SDK, as a customer’s backup software would send it', async () => {
    const mine = client(a);
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'allowed',
        (err: { name?: string }) => err.name ?? 'error',
      );
    expect(await code(mine.send(new GetObjectCommand({ Bucket: VICTIM, Key: SECRET_KEY })))).toBe('AccessDenied');
    expect(await code(mine.send(new PutObjectCommand({ Bucket: VICTIM, Key: 'planted.txt', Body: 'x' })))).toBe('AccessDenied');
    expect(await code(mine.send(new DeleteObjectCommand({ Bucket: VICTIM_LOCKED, Key: SECRET_KEY })))).toBe('AccessDenied');
    expect(await code(mine.send(new ListObjectsV2Command({ Bucket: VICTIM })))).toBe('AccessDenied');
    expect(await code(mine.send(new CopyObjectCommand({ Bucket: OWN, Key: 'stolen', CopySource: `${VICTIM}/${SECRET_KEY}` })))).toBe(
      'AccessDenied',
    );
    expect(
      await code(
        mine.send(
          new UploadPartCopyCommand({
            Bucket: OWN,
            Key: 'upload.bin',
            UploadId: ownUpload,
            PartNumber: 3,
            CopySource: `${VICTIM}/${SECRET_KEY}`,
          }),
        ),
      ),
    ).toBe('AccessDenied');
    expect(await code(mine.send(new GetObjectCommand({ Bucket: OWN, Key: `../${VICTIM}/${SECRET_KEY}` })))).toBe('InvalidArgument');
    const batch = await mine.send(new DeleteObjectsCommand({ Bucket: OWN, Delete: { Objects: [{ Key: `../${VICTIM}/${SECRET_KEY}` }] } }));
    expect(batch.Errors?.map((e) => e.Code)).toEqual(['InvalidArgument']);
  });

  it('afterwards: the victim’s objects, the folder outside the attacker’s bucket and the disk beside it are unchanged; no answer carried the victim’s bytes', async () => {
    expect(await victimState()).toEqual(before.victim);
    expect(await tree(root, attackersOwn)).toEqual(before.disk);
    expect(await readdir(path.join(root, 'beside'))).toEqual([]);
    expect(answers.length).toBeGreaterThan(400);
    expect(answers.filter(({ answer }) => answer.body.includes(MARK)).map((x) => x.name)).toEqual([]);
  });
});
