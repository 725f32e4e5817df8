import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, type RawKeys, type RawRequest, rawS3, send } from '../../../../test/raw-s3-client.ts';
import type { EndpointAccount } from './call.ts';
import { S3Error } from './errors.ts';
import { copySourceOf, checkKey, isBucketName, targetOf } from './names.ts';
import { ObjectStore } from './object-store.ts';
import { s3Endpoint } from './server.ts';

/**
 * The embedded S3 endpoint's gate, answer by answer (docs/decisions/0095): how a request's names resolve, what
 * each refusal says (status, S3's code and its words), and which operation each method and subresource reaches.
 * tenant-escape.test.ts proves that nothing of another account is reached; this file proves that each rule of
 * the gate is the one that answers, so that a rule dropped is a test failed (docs/mutation-testing.md).
 */

/** What a name rule answers for an input: its result, or its refusal as "status code: message". */
function answerOf<T>(rule: (input: string) => T, input: string): T | string {
  try {
    return rule(input);
  } catch (err) {
    if (err instanceof S3Error) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
}

/** Each input answered as its row says; the whole table is compared, so a failure shows every row that differs. */
function expectAnswers<T>(rule: (input: string) => T, table: [string, T | string][]) {
  expect(table.map(([input]) => [input, answerOf(rule, input)])).toEqual(table);
}

const SEGMENT = "400 InvalidArgument: Object keys cannot contain a '.' or '..' segment.";
const BAD_URI = "400 InvalidURI: Couldn't parse the specified URI.";
const MENTION = '400 InvalidArgument: Copy Source must mention the source bucket and key: sourcebucket/sourcekey';

describe('bucket names and keys (names.ts)', () => {
  it('takes S3’s bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, no two dots in a row', () => {
    expectAnswers(isBucketName, [
      ...['abc', 'a.b-c', '0backups9', 'a'.repeat(63)].map((name): [string, boolean] => [name, true]),
      ...['ab', 'a'.repeat(64), 'Abc', '-abc', 'abc-', '.abc', 'a..b', 'a_b', 'a/b', ''].map((name): [string, boolean] => [name, false]),
    ]);
  });

  it('takes a key of up to 1,024 bytes of UTF-8 with no dot segment, backslash or control character', () => {
    const control = '400 InvalidArgument: Object keys cannot contain a backslash or a control character.';
    expectAnswers(checkKey, [
      ...['a', ' ', '~', '...', '.a', 'a..b', 'a/.b/c', 'dir/', 'k'.repeat(1024), 'é'.repeat(512), 'a\u0080b'].map(
        (k): [string, string] => [k, k],
      ),
      ['', '400 InvalidArgument: The object key is empty.'],
      ['k'.repeat(1025), '400 KeyTooLongError: Your key is too long'],
      ['é'.repeat(513), '400 KeyTooLongError: Your key is too long'],
      ...['\u0000', '\u001f', '\u007f', '\\', '\n'].map((c): [string, string] => [`a${c}b`, control]),
      ...['.', '..', './a', 'a/..', 'a/./b', 'a/../b'].map((k): [string, string] => [k, SEGMENT]),
    ]);
  });

  it('splits a path on its literal slashes, then decodes the bucket and the key once each', () => {
    expectAnswers(targetOf, [
      ['/', { bucket: '', key: '' }],
      ['/my-bucket', { bucket: 'my-bucket', key: '' }],
      ['/my-bucket/', { bucket: 'my-bucket', key: '' }],
      ['/my%2Dbucket/a', { bucket: 'my-bucket', key: 'a' }],
      ['/my-bucket/a%2Fb/c', { bucket: 'my-bucket', key: 'a/b/c' }],
      ['/my-bucket/%2541', { bucket: 'my-bucket', key: '%41' }],
      ['/my-bucket/a%20b', { bucket: 'my-bucket', key: 'a b' }],
      ['my-bucket/a', BAD_URI],
      ['//a', BAD_URI],
      ['/my-bucket/%ZZ', BAD_URI],
      ['/%ZZ/a', BAD_URI],
      ['/my-bucket%2F..%2Fother/a', '400 InvalidBucketName: The specified bucket is not valid.'],
      ['/My-Bucket/a', '400 InvalidBucketName: The specified bucket is not valid.'],
      ['/my-bucket/a%2F..%2Fb', SEGMENT],
    ]);
  });

  it('reads a copy source by the same rules, with or without its leading slash; a version other than null names nothing', () => {
    expectAnswers(copySourceOf, [
      ['src-bucket/a/b', { bucket: 'src-bucket', key: 'a/b' }],
      ['/src-bucket/a/b', { bucket: 'src-bucket', key: 'a/b' }],
      ['src-bucket/a%20b', { bucket: 'src-bucket', key: 'a b' }],
      ['src-bucket/a?versionId=null', { bucket: 'src-bucket', key: 'a' }],
      ['src-bucket/a?other=1', { bucket: 'src-bucket', key: 'a' }],
      ['src-bucket/a?versionId=3', '404 NoSuchVersion: The specified version does not exist.'],
      ['src-bucket', MENTION],
      ['src-bucket/', MENTION],
      ['/src-bucket/', MENTION],
      ['src-bucket/../b', SEGMENT],
    ]);
  });
});

// An endpoint of its own, so the clock, the error hook and bucket creation over S3 can be set.
let root = '';
let store: ObjectStore;
let server: http.Server;
let endpoint = '';
let clock = new Date();
const errors: unknown[] = [];
const created: unknown[] = [];
const removed: string[] = [];
let bucketsOverS3 = false;
let failHasBucket = false;
/** Whether the endpoint has an error hook (the providers' endpoints may have none). */
let hooked = true;

const OWN = 'gate-own';
const LOCKED = 'gate-locked';
const OTHERS = 'gate-others';
const mine: RawKeys = { accessKey: 'AKIAGATEOWN', secretKey: 'own-secret-key-0123456789' };
const theirs: RawKeys = { accessKey: 'AKIAGATEOTHER', secretKey: 'other-secret-key-0123456789' };
const EMPTY = 'gate-empty';
const ownBuckets = [OWN, LOCKED, EMPTY];
const accounts: Record<string, EndpointAccount> = {
  [mine.accessKey]: { id: 'acct-own', label: 'Own', secretKey: mine.secretKey, buckets: () => ownBuckets },
  [theirs.accessKey]: { id: 'acct-other', label: 'Other', secretKey: theirs.secretKey, buckets: () => [OTHERS] },
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 's3-gate-'));
  store = new ObjectStore(root);
  await store.prepare();
  const createdAt = new Date(0).toISOString();
  await store.createBucket(OWN, { region: 'eu-central-1', objectLock: false, createdAt });
  await store.createBucket(LOCKED, { region: 'us-east-1', objectLock: true, createdAt });
  await store.createBucket(OTHERS, { region: 'us-east-1', objectLock: false, createdAt });
  await store.createBucket(EMPTY, { region: 'us-east-1', objectLock: false, createdAt });
  const checked = Object.create(store) as ObjectStore;
  checked.hasBucket = (name) => (failHasBucket ? Promise.reject(new Error('disk gone')) : store.hasBucket(name));
  const handler = s3Endpoint({
    store: checked,
    accountOfKey: (key) => accounts[key] ?? null,
    createdAt: () => createdAt,
    now: () => clock,
    onError: (err) => errors.push(err),
  });
  const withBuckets = s3Endpoint({
    store: checked,
    accountOfKey: (key) => accounts[key] ?? null,
    createdAt: () => createdAt,
    now: () => clock,
    onError: (err) => errors.push(err),
    bucketsOverS3: {
      create: async (account, bucket, o) => void created.push({ account: account.id, bucket, ...o }),
      remove: async (account, bucket) => void removed.push(`${account.id} ${bucket}`),
    },
  });
  const unhooked = s3Endpoint({ store: checked, accountOfKey: (key) => accounts[key] ?? null, createdAt: () => createdAt });
  server = http.createServer((req, res) => (bucketsOverS3 ? withBuckets : hooked ? handler : unhooked)(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await s3(mine, { method: 'PUT', path: `/${OWN}/kept.txt`, body: 'kept' });
  await s3(mine, { method: 'PUT', path: `/${LOCKED}/kept.txt`, body: 'kept' });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

function s3(keys: RawKeys, r: RawRequest): Promise<RawAnswer> {
  clock = new Date();
  return rawS3(endpoint, keys, r);
}

/** An error answer as "status code: message", read from its XML document. */
function said(answer: RawAnswer): string {
  const xml = /<Message>([^<]*)<\/Message>/.exec(answer.body.toString())?.[1] ?? '';
  const message = xml.replace(
    /&(apos|quot|lt|gt|amp);/g,
    (_, e: string) => ({ apos: "'", quot: '"', lt: '<', gt: '>', amp: '&' })[e] ?? '',
  );
  return `${answer.status} ${answer.code}: ${message}`;
}

const NOT_IMPLEMENTED = '501 NotImplemented: A header or query you provided implies functionality that is not implemented.';
const PORTAL_ONLY = '403 AccessDenied: Buckets are created and deleted in the portal.';

describe('the endpoint’s gate (server.ts)', () => {
  it('refuses a request that is unsigned, signed with a key nobody has, signed wrongly or signed at another time', async () => {
    const url = new URL(endpoint);
    expect(said(await send(url, 'GET', `/${OWN}/kept.txt`, {}))).toBe(
      '403 AccessDenied: Access Denied: the request is not signed, or its signature is malformed.',
    );
    expect(said(await s3({ accessKey: 'AKIANOBODY', secretKey: mine.secretKey }, { method: 'GET', path: `/${OWN}` }))).toBe(
      '403 InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records.',
    );
    expect(said(await s3({ accessKey: mine.accessKey, secretKey: theirs.secretKey }, { method: 'GET', path: `/${OWN}` }))).toBe(
      '403 SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
    const signed = rawS3(endpoint, mine, { method: 'GET', path: `/${OWN}` });
    clock = new Date(Date.now() + 16 * 60_000);
    expect(said(await signed)).toBe('403 RequestTimeTooSkewed: The difference between the request time and the current time is too large.');
    expect((await s3(mine, { method: 'GET', path: `/${OWN}/kept.txt` })).body.toString()).toBe('kept');
  });

  it('answers a refusal as S3 does: an XML error naming the resource without its query, a request id; a HEAD without a body', async () => {
    const answer = await s3(mine, { method: 'GET', path: `/${OTHERS}/a%26b`, query: { 'list-type': '2' } });
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toBe('application/xml');
    expect(answer.headers['x-amz-request-id']).toMatch(/^[0-9A-F]{16}$/);
    expect(answer.body.toString()).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><Resource>/${OTHERS}/a%26b</Resource></Error>`,
    );
    const escaped = await s3(mine, { method: 'GET', path: `/${OWN}/a&b<c>`, query: { acl: '' } });
    expect(escaped.body.toString()).toContain(`<Resource>/${OWN}/a&amp;b&lt;c&gt;</Resource>`);
    expect(escaped.body.toString()).toContain(
      '<Message>A header or query you provided implies functionality that is not implemented.</Message>',
    );
    const apostrophe = await s3(mine, { method: 'GET', path: `/${OWN}`, query: { prefix: '%ZZ' }, sentQuery: 'prefix=%ZZ' });
    expect(apostrophe.body.toString()).toContain('<Message>Couldn&apos;t parse the specified URI.</Message>');
    const head = await s3(mine, { method: 'HEAD', path: `/${OTHERS}/anything` });
    expect([head.status, head.body.length, head.headers['content-type']]).toEqual([403, 0, undefined]);
    expect(head.headers['x-amz-request-id']).toMatch(/^[0-9A-F]{16}$/);
  });

  it('closes the connection when it refuses an upload whose body it did not read', async () => {
    const refused = await s3(mine, { method: 'PUT', path: `/${OTHERS}/planted`, body: 'x'.repeat(256 * 1024) });
    expect([refused.status, refused.headers.connection]).toEqual([403, 'close']);
    const read = await s3(mine, { method: 'GET', path: `/${OTHERS}/planted` });
    expect([read.status, read.headers.connection]).toEqual([403, 'keep-alive']);
  });

  it('answers an error of its own as InternalError, reported to the operator; S3’s refusals are not reported', async () => {
    const before = errors.length;
    await s3(mine, { method: 'GET', path: `/${OTHERS}` });
    expect(errors.length).toBe(before);
    failHasBucket = true;
    try {
      expect(said(await s3(mine, { method: 'GET', path: `/${OTHERS}` }))).toBe(
        '500 InternalError: We encountered an internal error. Please try again.',
      );
    } finally {
      failHasBucket = false;
    }
    expect(errors.slice(before).map((e) => (e as Error).message)).toEqual(['disk gone']);
  });

  it('tells another account’s bucket (AccessDenied) from a bucket nobody has (NoSuchBucket)', async () => {
    expect(said(await s3(mine, { method: 'GET', path: `/${OTHERS}` }))).toBe('403 AccessDenied: Access Denied');
    expect(said(await s3(mine, { method: 'GET', path: '/gate-nobody' }))).toBe('404 NoSuchBucket: The specified bucket does not exist');
    expect((await s3(theirs, { method: 'GET', path: `/${OTHERS}` })).status).toBe(200);
  });

  it('lists the caller’s buckets on GET / only', async () => {
    const listed = (await s3(mine, { method: 'GET', path: '/' })).body.toString();
    expect(listed.match(/<Name>[^<]+<\/Name>/g)).toEqual([`<Name>${EMPTY}</Name>`, `<Name>${LOCKED}</Name>`, `<Name>${OWN}</Name>`]);
    for (const method of ['PUT', 'POST', 'DELETE'])
      expect([method, said(await s3(mine, { method, path: '/' }))]).toEqual([
        method,
        '405 MethodNotAllowed: The specified method is not allowed against this resource.',
      ]);
  });

  it('reads the query once: values decoded, an `=` inside a value kept, empty pairs skipped, bad escapes refused', async () => {
    await s3(mine, { method: 'PUT', path: `/${OWN}/a=b/one.txt`, body: '1' });
    await s3(mine, { method: 'PUT', path: `/${OWN}/other.txt`, body: '2' });
    const listed = async (sentQuery: string) => {
      const answer = await s3(mine, { method: 'GET', path: `/${OWN}`, query: { 'list-type': '2', prefix: 'a=b/' }, sentQuery });
      return answer.body.toString().match(/<Key>[^<]+<\/Key>/g);
    };
    expect(await listed('list-type=2&prefix=a%3Db%2F')).toEqual(['<Key>a=b/one.txt</Key>']);
    expect(await listed('list-type=2&&prefix=a=b/&')).toEqual(['<Key>a=b/one.txt</Key>']);
    const bad = await s3(mine, { method: 'GET', path: `/${OWN}`, query: { prefix: '%ZZ' }, sentQuery: 'prefix=%ZZ' });
    expect(said(bad)).toBe(BAD_URI);
    const badName = await s3(mine, { method: 'GET', path: `/${OWN}`, query: { '%ZZ': '' }, sentQuery: '%ZZ' });
    expect(said(badName)).toBe(BAD_URI);
  });

  /** S3's subresources; each names an operation, and the endpoint serves only some of them. */
  const SUBRESOURCES =
    'accelerate acl analytics attributes cors delete encryption intelligent-tiering inventory legal-hold lifecycle location logging metrics notification object-lock ownershipControls partNumber policy policyStatus publicAccessBlock replication requestPayment restore retention select tagging torrent uploadId uploads versionId versioning versions website'.split(
      ' ',
    );

  it('refuses every subresource it does not serve, on an object and on a bucket, rather than answer another operation', async () => {
    const onObject = SUBRESOURCES.filter((name) => name !== 'retention' && name !== 'uploadId');
    for (const name of onObject) {
      const answer = await s3(mine, { method: 'GET', path: `/${OWN}/kept.txt`, query: { [name]: '' } });
      expect([name, said(answer)]).toEqual([name, NOT_IMPLEMENTED]);
    }
    const onBucket = SUBRESOURCES.filter((name) => !['location', 'object-lock', 'uploads', 'versioning'].includes(name));
    for (const name of onBucket) {
      const answer = await s3(mine, { method: 'GET', path: `/${OWN}`, query: { [name]: '' } });
      expect([name, said(answer)]).toEqual([name, NOT_IMPLEMENTED]);
    }
    // A query that names no subresource is the plain operation.
    expect(
      (await s3(mine, { method: 'GET', path: `/${OWN}/kept.txt`, query: { 'response-content-type': 'text/plain' } })).body.toString(),
    ).toBe('kept');
  });

  it('routes each bucket operation by its method and its one subresource', async () => {
    const body = async (r: RawRequest, keys = mine) => {
      const answer = await s3(keys, r);
      return `${answer.status} ${answer.body.toString().replace(/^<\?xml[^>]*>\n?/, '')}`;
    };
    expect(await body({ method: 'GET', path: `/${OWN}`, query: { prefix: 'kept' } })).toMatch(
      /^200 <ListBucketResult.*<Key>kept.txt<\/Key>/s,
    );
    expect(await body({ method: 'GET', path: `/${OWN}`, query: { location: '' } })).toMatch(/^200 <LocationConstraint[^>]*>eu-central-1</);
    expect(await body({ method: 'GET', path: `/${LOCKED}`, query: { 'object-lock': '' } })).toMatch(
      /^200 <ObjectLockConfiguration.*<ObjectLockEnabled>Enabled</s,
    );
    expect(said(await s3(mine, { method: 'GET', path: `/${OWN}`, query: { 'object-lock': '' } }))).toBe(
      '404 ObjectLockConfigurationNotFoundError: Object Lock configuration does not exist for this bucket',
    );
    expect(await body({ method: 'GET', path: `/${OWN}`, query: { uploads: '' } })).toMatch(/^200 <ListMultipartUploadsResult/);
    expect(await body({ method: 'GET', path: `/${OWN}`, query: { versioning: '' } })).toBe(
      '200 <VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"/>',
    );
    const head = await s3(mine, { method: 'HEAD', path: `/${OWN}` });
    expect([head.status, head.headers['x-amz-bucket-region']]).toEqual([200, 'eu-central-1']);
    const lock = '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>';
    expect(await body({ method: 'PUT', path: `/${LOCKED}`, query: { 'object-lock': '' }, body: lock })).toBe('200 ');
    expect(said(await s3(mine, { method: 'PUT', path: `/${OWN}`, query: { 'object-lock': '' }, body: lock }))).toBe(
      '409 InvalidBucketState: Object Lock configuration cannot be enabled on existing buckets',
    );
    await s3(mine, { method: 'PUT', path: `/${OWN}/batch.txt`, body: 'b' });
    expect(
      await body({
        method: 'POST',
        path: `/${OWN}`,
        query: { delete: '' },
        body: '<Delete><Object><Key>batch.txt</Key></Object></Delete>',
      }),
    ).toMatch(/^200 <DeleteResult.*<Deleted><Key>batch.txt<\/Key><\/Deleted>/s);
    expect(said(await s3(mine, { method: 'PUT', path: '/gate-new' }))).toBe(PORTAL_ONLY);
    expect(said(await s3(mine, { method: 'DELETE', path: `/${EMPTY}` }))).toBe(PORTAL_ONLY);
    const wrong: RawRequest[] = [
      { method: 'POST', path: `/${OWN}` },
      { method: 'PUT', path: `/${OWN}`, query: { location: '' } },
      { method: 'POST', path: `/${OWN}`, query: { location: '' } },
      { method: 'POST', path: `/${OWN}`, query: { 'object-lock': '' } },
      { method: 'PUT', path: `/${OWN}`, query: { uploads: '' } },
      { method: 'PUT', path: `/${OWN}`, query: { versioning: '' } },
      { method: 'GET', path: `/${OWN}`, query: { delete: '' } },
      { method: 'DELETE', path: `/${OWN}`, query: { versioning: '' } },
      { method: 'GET', path: `/${OWN}`, query: { location: '', versioning: '' } },
      { method: 'PUT', path: `/${OWN}`, query: { acl: '' } },
    ];
    for (const r of wrong) expect([r, said(await s3(mine, r))]).toEqual([r, NOT_IMPLEMENTED]);
    const headWrong = await s3(mine, { method: 'HEAD', path: `/${OWN}`, query: { location: '' } });
    expect([headWrong.status, headWrong.body.length]).toEqual([501, 0]);
  });

  it('routes each object operation by its method, its subresources and a copy source', async () => {
    const p = `/${OWN}/routed.bin`;
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    const put = await s3(mine, { method: 'PUT', path: p, body: 'routed' });
    expect([put.status, put.headers.etag, put.body.length]).toEqual([200, `"${md5('routed')}"`, 0]);
    const copied = await s3(mine, { method: 'PUT', path: `/${OWN}/copy.bin`, headers: { 'x-amz-copy-source': `${OWN}/routed.bin` } });
    expect(copied.body.toString()).toMatch(new RegExp(`<CopyObjectResult.*<ETag>&quot;${md5('routed')}&quot;</ETag>`, 's'));
    expect((await s3(mine, { method: 'GET', path: `/${OWN}/copy.bin` })).body.toString()).toBe('routed');
    const head = await s3(mine, { method: 'HEAD', path: p });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '6', 0]);

    const created = await s3(mine, { method: 'POST', path: `/${OWN}/parts.bin`, query: { uploads: '' } });
    const uploadId = /<UploadId>([^<]+)</.exec(created.body.toString())?.[1] ?? '';
    expect(uploadId).not.toBe('');
    const upload = { path: `/${OWN}/parts.bin`, query: { uploadId } };
    const part = await s3(mine, { method: 'PUT', ...upload, query: { uploadId, partNumber: '1' }, body: 'part one' });
    expect([part.status, part.headers.etag, part.body.length]).toEqual([200, `"${md5('part one')}"`, 0]);
    const partCopy = await s3(mine, {
      method: 'PUT',
      ...upload,
      query: { uploadId, partNumber: '2' },
      headers: { 'x-amz-copy-source': `/${OWN}/routed.bin` },
    });
    expect(partCopy.body.toString()).toMatch(new RegExp(`<CopyPartResult.*${md5('routed')}`, 's'));
    expect((await s3(mine, { method: 'GET', ...upload })).body.toString()).toMatch(/<ListPartsResult.*<PartNumber>2<\/PartNumber>/s);
    expect(said(await s3(mine, { method: 'POST', ...upload, body: '<CompleteMultipartUpload/>' }))).toMatch(
      /^400 MalformedXML|^400 InvalidRequest/,
    );
    expect((await s3(mine, { method: 'DELETE', ...upload })).status).toBe(204);
    expect(said(await s3(mine, { method: 'GET', ...upload }))).toMatch(/^404 NoSuchUpload/);

    const retention = `<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>${new Date(Date.now() + 86_400_000).toISOString()}</RetainUntilDate></Retention>`;
    expect(said(await s3(mine, { method: 'GET', path: `/${LOCKED}/kept.txt`, query: { retention: '' } }))).toBe(
      '404 NoSuchObjectLockConfiguration: The specified object does not have a ObjectLock configuration',
    );
    expect((await s3(mine, { method: 'PUT', path: `/${LOCKED}/kept.txt`, query: { retention: '' }, body: retention })).status).toBe(200);
    expect((await s3(mine, { method: 'GET', path: `/${LOCKED}/kept.txt`, query: { retention: '' } })).body.toString()).toMatch(
      /<Retention.*<Mode>GOVERNANCE<\/Mode>/s,
    );

    const wrong: RawRequest[] = [
      { method: 'POST', path: p },
      { method: 'PUT', path: p, query: { uploadId } },
      { method: 'PUT', path: p, query: { partNumber: '1' } },
      { method: 'GET', path: p, query: { uploads: '' } },
      { method: 'DELETE', path: p, query: { retention: '' } },
      { method: 'POST', path: p, query: { retention: '' } },
      { method: 'GET', path: p, query: { retention: '', uploadId } },
      { method: 'DELETE', path: p, query: { uploads: '' } },
      { method: 'GET', path: p, query: { partNumber: '1', uploadId } },
    ];
    for (const r of wrong) expect([r, said(await s3(mine, r))]).toEqual([r, NOT_IMPLEMENTED]);
    expect((await s3(mine, { method: 'DELETE', path: p })).status).toBe(204);
    expect(said(await s3(mine, { method: 'GET', path: p }))).toBe('404 NoSuchKey: The specified key does not exist.');
  });

  it('creates and removes buckets over S3 where the provider lets accounts do so', async () => {
    bucketsOverS3 = true;
    try {
      const config = '<CreateBucketConfiguration><LocationConstraint>eu-central-1</LocationConstraint></CreateBucketConfiguration>';
      const made = await s3(mine, {
        method: 'PUT',
        path: '/gate-new',
        body: config,
        headers: { 'x-amz-bucket-object-lock-enabled': 'TRUE' },
      });
      expect([made.status, made.headers.location]).toEqual([200, '/gate-new']);
      await s3(mine, { method: 'PUT', path: '/gate-plain' });
      await s3(mine, { method: 'PUT', path: '/gate-blank', body: '<CreateBucketConfiguration/>' });
      expect(created).toEqual([
        { account: 'acct-own', bucket: 'gate-new', region: 'eu-central-1', objectLock: true },
        { account: 'acct-own', bucket: 'gate-plain', region: 'us-east-1', objectLock: false },
        { account: 'acct-own', bucket: 'gate-blank', region: 'us-east-1', objectLock: false },
      ]);
      expect(said(await s3(mine, { method: 'DELETE', path: `/${OWN}` }))).toBe(
        '409 BucketNotEmpty: The bucket you tried to delete is not empty',
      );
      expect(said(await s3(mine, { method: 'DELETE', path: `/${OTHERS}` }))).toBe('403 AccessDenied: Access Denied');
      expect((await s3(mine, { method: 'DELETE', path: `/${EMPTY}` })).status).toBe(204);
      expect(removed).toEqual([`acct-own ${EMPTY}`]);
      expect(said(await s3(mine, { method: 'DELETE', path: `/${EMPTY}`, query: { versioning: '' } }))).toBe(NOT_IMPLEMENTED);
    } finally {
      bucketsOverS3 = false;
    }
  });
});

describe('the gate’s smaller rules', () => {
  it('reads a copy source’s query only after its `?`, and a version only there', () => {
    expectAnswers(copySourceOf, [
      ['?versionId=3', '404 NoSuchVersion: The specified version does not exist.'],
      ['?versionId=null', MENTION],
      ['src-bucket/a&versionId=3', { bucket: 'src-bucket', key: 'a&versionId=3' }],
    ]);
  });

  it('takes a query parameter without a value as empty: a bare prefix lists every key', async () => {
    const answer = await s3(mine, {
      method: 'GET',
      path: `/${OWN}`,
      query: { 'list-type': '2', prefix: '' },
      sentQuery: 'list-type=2&prefix',
    });
    expect(answer.body.toString()).toContain('<Key>kept.txt</Key>');
  });

  it('answers versioning as an XML document', async () => {
    const answer = await s3(mine, { method: 'GET', path: `/${OWN}`, query: { versioning: '' } });
    expect([answer.status, answer.headers['content-type']]).toEqual([200, 'application/xml']);
  });

  it('answers its own errors as InternalError without an error hook too', async () => {
    hooked = false;
    failHasBucket = true;
    try {
      expect(said(await s3(mine, { method: 'GET', path: `/${OTHERS}` }))).toBe(
        '500 InternalError: We encountered an internal error. Please try again.',
      );
    } finally {
      hooked = true;
      failHasBucket = false;
    }
  });

  it('deletes, not copies, on a DELETE that carries a copy source; a POST with one is not served', async () => {
    const p = `/${OWN}/not-a-copy.txt`;
    await s3(mine, { method: 'PUT', path: p, body: 'mine' });
    const copySource = { 'x-amz-copy-source': `${OWN}/kept.txt` };
    expect(said(await s3(mine, { method: 'POST', path: p, headers: copySource }))).toBe(NOT_IMPLEMENTED);
    expect((await s3(mine, { method: 'DELETE', path: p, headers: copySource })).status).toBe(204);
    expect(said(await s3(mine, { method: 'GET', path: p }))).toBe('404 NoSuchKey: The specified key does not exist.');
  });

  it('creates over S3 from a body of white space in us-east-1, and removes a bucket on DELETE only', async () => {
    bucketsOverS3 = true;
    const before = { created: created.length, removed: removed.length };
    try {
      await s3(mine, { method: 'PUT', path: '/gate-space', body: ' \n ' });
      expect(created.slice(before.created)).toEqual([
        { account: 'acct-own', bucket: 'gate-space', region: 'us-east-1', objectLock: false },
      ]);
      for (const method of ['POST', 'GET'])
        expect([method, (await s3(mine, { method, path: `/${EMPTY}`, query: method === 'GET' ? { acl: '' } : {} })).status]).toEqual([
          method,
          501,
        ]);
      expect(removed.length).toBe(before.removed);
    } finally {
      bucketsOverS3 = false;
    }
  });
});
