import { ListBucketsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageProviderError } from './types.ts';
import { WasabiStorageProvider } from './wasabi.ts';
import { WasabiAccountApi } from './wasabi-account-api.ts';
import { type WasabiStandIn, startWasabiStandIn } from './wasabi-standin.ts';

let standIn: WasabiStandIn;
beforeAll(async () => {
  standIn = await startWasabiStandIn({ apiKey: 'waca-test-key' });
});
afterAll(() => standIn.close());

/** The portal's copy of the keys, as storage_accounts holds them. */
const portalKeys = new Map<string, { accessKey: string; secretKey: string }>();

function adapter(o: { apiKey?: string } = {}) {
  return new WasabiStorageProvider({
    apiUrl: standIn.apiUrl,
    apiKey: o.apiKey ?? standIn.apiKey,
    s3Endpoint: standIn.s3Endpoint,
    subAccountEmail: 'storage+{id}@portal.test',
    regions: ['us-east-1', 'eu-central-1', 'us-west-1'],
    keysOf: async (id) => portalKeys.get(id) ?? null,
  });
}

const customerS3 = (keys: { accessKey: string; secretKey: string }, region = 'us-east-1') =>
  new S3Client({
    region,
    endpoint: standIn.s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const failure = async (work: Promise<unknown>) => {
  try {
    await work;
    return null;
  } catch (err) {
    return err as Error;
  }
};

const last = () => standIn.exchanges[standIn.exchanges.length - 1];

describe('the Wasabi adapter against the stand-in, over HTTP', () => {
  it('creates a sub-account with PUT /v1/accounts, the API key as Authorization and the documented fields', async () => {
    const made = await adapter().createAccount('company 1: Acme');
    const exchange = last();
    expect(exchange).toMatchObject({ method: 'PUT', path: '/v1/accounts', status: 200 });
    expect(exchange?.headers.authorization).toBe('waca-test-key');
    expect(exchange?.headers['content-type']).toBe('application/json');
    const body = exchange?.body as Record<string, unknown>;
    expect(body).toMatchObject({ IsTrial: false, EnableFTP: false, SendPasswordResetToSubAccountEmail: false });
    expect(body.AcctName).toMatch(/^storage\+[0-9a-f]{16}@portal\.test$/);
    expect(String(body.Password)).toMatch(/[A-Z]/);
    const answer = exchange?.answer as { AcctNum: number; AccessKey: string; SecretKey: string };
    expect(made.accountId).toBe(String(answer.AcctNum));
    expect(made.keys).toEqual({ accessKey: answer.AccessKey, secretKey: answer.SecretKey });
  });

  it('a bad API key is refused in Wasabi’s words', async () => {
    const err = await failure(adapter({ apiKey: 'wrong' }).createAccount('x'));
    expect(err).toBeInstanceOf(StorageProviderError);
    expect(err?.message).toBe('Wasabi: Invalid API key (HTTP 401)');
    expect(last()).toMatchObject({ status: 401, answer: { Msg: 'Invalid API key' } });
  });

  it('a sub-account name already in use is refused (AcctName must be unique)', async () => {
    const api = new WasabiAccountApi(standIn.apiUrl, standIn.apiKey);
    await api.createSubAccount({ AcctName: 'twice@portal.test', Password: 'Aa1!aaaaaa' });
    const err = await failure(api.createSubAccount({ AcctName: 'twice@portal.test', Password: 'Aa1!aaaaaa' }));
    expect(err).toBeInstanceOf(StorageProviderError);
    expect(err?.message).toBe('Wasabi: AcctName twice@portal.test is already in use (HTTP 409)');
    const weak = await failure(api.createSubAccount({ AcctName: 'weak@portal.test', Password: 'short' }));
    expect(weak?.message).toContain('complexity');
  });

  it('creates buckets over S3 in their region, with object lock when asked; lists, measures and deletes them', async () => {
    const provider = adapter();
    const { accountId, keys } = await provider.createAccount('company 2');
    portalKeys.set(accountId, keys);
    await provider.createBucket(accountId, { name: 'c2-plain', region: 'us-east-1', objectLock: false });
    await provider.createBucket(accountId, { name: 'c2-locked', region: 'eu-central-1', objectLock: true });
    expect(standIn.account(accountId)?.buckets).toMatchObject({
      'c2-plain': { region: 'us-east-1', objectLock: false },
      'c2-locked': { region: 'eu-central-1', objectLock: true },
    });
    const listed = await provider.listBuckets(accountId);
    expect(listed.map((b) => [b.name, b.region, b.objectLock]).sort()).toEqual([
      ['c2-locked', 'eu-central-1', true],
      ['c2-plain', 'us-east-1', false],
    ]);
    // The customer stores objects with the root keys; the utilizations answer what is stored.
    await customerS3(keys).send(new PutObjectCommand({ Bucket: 'c2-plain', Key: 'a.bin', Body: 'x'.repeat(2048) }));
    await customerS3(keys, 'eu-central-1').send(new PutObjectCommand({ Bucket: 'c2-locked', Key: 'kept', Body: 'y'.repeat(100) }));
    const usage = await provider.utilization(accountId);
    expect(last()).toMatchObject({ method: 'GET', path: `/v1/accounts/${accountId}/utilizations/buckets?latest=true`, status: 200 });
    expect(usage.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'c2-locked', region: 'eu-central-1', activeBytes: 100, deletedBytes: 0, paddedBytes: 4096, metadataBytes: 4 },
      { name: 'c2-plain', region: 'us-east-1', activeBytes: 2048, deletedBytes: 0, paddedBytes: 4096, metadataBytes: 5 },
    ]);
    const locked = await failure(provider.deleteBucket(accountId, 'c2-locked'));
    expect(locked).toBeInstanceOf(StorageProviderError);
    expect(locked?.message).toBe('Bucket c2-locked has object lock and cannot be deleted');
    await provider.deleteBucket(accountId, 'c2-plain');
    await provider.deleteBucket(accountId, 'c2-plain'); // already gone: not an error
    expect((await provider.listBuckets(accountId)).map((b) => b.name)).toEqual(['c2-locked']);
    // A bucket name another sub-account holds is refused with S3's words.
    const other = await provider.createAccount('company 3');
    const taken = await failure(provider.createBucket(other.accountId, { name: 'c2-locked', region: 'us-east-1', objectLock: false }));
    expect(taken?.message).toMatch(/^BucketAlreadyExists: /);
    const region = await failure(provider.createBucket(other.accountId, { name: 'c3-x', region: 'mars-1', objectLock: false }));
    expect(region?.message).toBe('Region mars-1 is not active');
  });

  it('rotates keys with POST /v1/accounts/<AcctNum> ResetAccessKeys: the old keys stop working, the adapter goes on', async () => {
    const provider = adapter();
    const { accountId, keys } = await provider.createAccount('company 4');
    portalKeys.set(accountId, keys);
    await provider.createBucket(accountId, { name: 'c4-b', region: 'us-west-1', objectLock: false });
    const rotated = await provider.rotateKeys(accountId);
    expect(last()).toMatchObject({ method: 'POST', path: `/v1/accounts/${accountId}`, body: { ResetAccessKeys: true }, status: 200 });
    expect(rotated.accessKey).not.toBe(keys.accessKey);
    const old = await failure(customerS3(keys).send(new ListBucketsCommand({})));
    expect(old?.name).toBe('InvalidAccessKeyId');
    expect((await customerS3(rotated).send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['c4-b']);
    expect((await provider.listBuckets(accountId)).map((b) => b.name)).toEqual(['c4-b']);
    // Another node (a fresh adapter) finds the keys in the portal; stale ones there are looked up again once.
    portalKeys.set(accountId, rotated);
    expect((await adapter().listBuckets(accountId)).map((b) => b.region)).toEqual(['us-west-1']);
  });

  it('deletes a sub-account with DELETE /v1/accounts/<AcctNum>; its keys stop working and S3 refusals carry S3’s words', async () => {
    const provider = adapter();
    const { accountId, keys } = await provider.createAccount('company 5');
    portalKeys.set(accountId, keys);
    await provider.deleteAccount(accountId);
    expect(last()).toMatchObject({ method: 'DELETE', path: `/v1/accounts/${accountId}`, status: 200, answer: { Msg: 'OK' } });
    const err = await failure(provider.createBucket(accountId, { name: 'c5-b', region: 'us-east-1', objectLock: false }));
    expect(err).toBeInstanceOf(StorageProviderError);
    expect(err?.message).toBe('InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records.');
    const again = await failure(provider.rotateKeys(accountId));
    expect(again?.message).toBe(`Wasabi: Account ${accountId} does not exist (HTTP 404)`);
    const unknown = await failure(adapter().listBuckets('999'));
    expect(unknown?.message).toBe('Account 999 does not exist');
  });

  it('gives the customers the regional S3 endpoint of the template', async () => {
    const provider = new WasabiStorageProvider({
      apiUrl: standIn.apiUrl,
      apiKey: 'k',
      s3Endpoint: 'https://s3.{region}.wasabisys.com',
      subAccountEmail: 's+{id}@x.test',
      regions: ['eu-central-1'],
      keysOf: async () => null,
    });
    expect(await provider.endpointFor('eu-central-1')).toBe('https://s3.eu-central-1.wasabisys.com');
    expect(await provider.activeRegions()).toEqual(['eu-central-1']);
  });
});
