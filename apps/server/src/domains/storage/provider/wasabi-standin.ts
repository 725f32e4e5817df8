import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EndpointAccount } from './s3-endpoint/call.ts';
import { S3Error } from './s3-endpoint/errors.ts';
import { ObjectStore } from './s3-endpoint/object-store.ts';
import { s3Endpoint } from './s3-endpoint/server.ts';

/**
 * A local stand-in for Wasabi (docs/decisions/0056), for tests and journeys of the Wasabi adapter over real
 * HTTP. It answers the Account Control API as documented (https://docs.wasabi.com/apidocs/methods-with-wac-api):
 * the key in `Authorization`, 200 on success, another status with a JSON failure description ({"Msg": ...})
 * otherwise; PUT /v1/accounts, GET /v1/accounts, POST and DELETE /v1/accounts/<AcctNum>, GET
 * /v1/accounts/<AcctNum>/utilizations[/buckets]. Its S3 side is the portal's own S3 endpoint
 * (s3-endpoint/, docs/decisions/0095): like Wasabi it checks each SigV4 signature against the sub-account's
 * current keys, keeps each sub-account to its own buckets, keeps object lock as S3's compliance mode does, and
 * here also lets a sub-account create and delete buckets (in the region its CreateBucketConfiguration names,
 * with object lock when asked). Every Account Control exchange is recorded for the tests to check.
 */
export interface StandInExchange {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  status: number;
  answer: unknown;
}

interface SubAccount {
  AcctNum: number;
  AcctName: string;
  CreateTime: string;
  deleted: boolean;
  keys: { AccessKey: string; SecretKey: string };
  buckets: Record<string, { region: string; objectLock: boolean; createdAt: string }>;
}

export interface WasabiStandIn {
  apiUrl: string;
  /** The S3 endpoint template the adapter is configured with ({region} kept: the stand-in serves every region). */
  s3Endpoint: string;
  apiKey: string;
  exchanges: StandInExchange[];
  /** A sub-account as the stand-in holds it (for tests). */
  account(acctNum: number | string): SubAccount | undefined;
  close(): Promise<void>;
}

/** Wasabi's minimum object size: a smaller object is charged as 4 KB (PaddedStorageSizeBytes). */
const MIN_OBJECT_BYTES = 4096;

export async function startWasabiStandIn(o: { apiKey?: string; regions?: readonly string[] } = {}): Promise<WasabiStandIn> {
  const apiKey = o.apiKey ?? randomBytes(16).toString('hex');
  const directory = await mkdtemp(path.join(tmpdir(), 'wasabi-standin-'));
  const store = new ObjectStore(directory);
  await store.prepare();
  const accounts = new Map<number, SubAccount>();
  let nextAcctNum = 100_000_042;
  const exchanges: StandInExchange[] = [];

  const live = () => [...accounts.values()].filter((a) => !a.deleted);
  const ownerOfKey = (accessKey: string) => live().find((a) => a.keys.AccessKey === accessKey);
  const bucketTaken = (name: string) => live().some((a) => name in a.buckets);

  async function bytesOf(bucket: string) {
    let bytes = 0;
    let padded = 0;
    let metadata = 0;
    const objects = await store.usage(bucket);
    for (const obj of objects) {
      bytes += obj.size;
      padded += Math.max(obj.size, MIN_OBJECT_BYTES);
      metadata += Buffer.byteLength(obj.key);
    }
    return { bytes, padded, metadata, objects: objects.length };
  }

  /** Today's record of each bucket, measured from what is stored now. */
  async function bucketRecords(account: SubAccount) {
    const start = new Date();
    start.setUTCHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + 86_400_000);
    const records = [];
    let n = 1;
    for (const [name, b] of Object.entries(account.buckets)) {
      const { bytes, padded, metadata, objects } = await bytesOf(name);
      records.push({
        BucketUtilizationNum: n++,
        AcctNum: account.AcctNum,
        AcctPlanNum: 0,
        BucketNum: n,
        StartTime: start.toISOString().replace('.000', ''),
        EndTime: end.toISOString().replace('.000', ''),
        CreateTime: new Date().toISOString().replace(/\.\d{3}/, ''),
        NumBillableObjects: objects,
        NumBillableDeletedObjects: 0,
        RawStorageSizeBytes: bytes,
        PaddedStorageSizeBytes: padded,
        MetadataStorageSizeBytes: metadata,
        DeletedStorageSizeBytes: 0,
        OrphanedStorageSizeBytes: 0,
        NumAPICalls: 0,
        UploadBytes: 0,
        DownloadBytes: 0,
        StorageWroteBytes: 0,
        StorageReadBytes: 0,
        Bucket: name,
        Region: b.region,
      });
    }
    return records;
  }

  async function control(method: string, url: URL, headers: http.IncomingHttpHeaders, body: unknown): Promise<[number, unknown]> {
    if (headers.authorization !== apiKey) return [401, { Msg: 'Invalid API key' }];
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v1' || parts[1] !== 'accounts') return [404, { Msg: 'Not found' }];
    if (parts.length === 2 && method === 'GET') {
      return [
        200,
        live().map((a) => ({ AcctNum: a.AcctNum, AcctName: a.AcctName, CreateTime: a.CreateTime, IsTrial: false, Inactive: false })),
      ];
    }
    if (parts.length === 2 && method === 'PUT') {
      const b = (body ?? {}) as Record<string, unknown>;
      if (typeof b.AcctName !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.AcctName)) {
        return [400, { Msg: 'AcctName must be an email address' }];
      }
      if (typeof b.IsTrial !== 'boolean' || typeof b.EnableFTP !== 'boolean') return [400, { Msg: 'IsTrial and EnableFTP are required' }];
      const password = typeof b.Password === 'string' ? b.Password : '';
      if (
        password.length < 8 ||
        !/\d/.test(password) ||
        !/[a-z]/.test(password) ||
        !/[A-Z]/.test(password) ||
        !/[^A-Za-z0-9]/.test(password)
      ) {
        return [400, { Msg: 'Password does not meet the complexity requirements' }];
      }
      if ([...accounts.values()].some((a) => a.AcctName.toLowerCase() === (b.AcctName as string).toLowerCase())) {
        return [409, { Msg: `AcctName ${b.AcctName} is already in use` }];
      }
      const account: SubAccount = {
        AcctNum: nextAcctNum++,
        AcctName: b.AcctName,
        CreateTime: new Date().toISOString().replace(/\.\d{3}/, ''),
        deleted: false,
        keys: newKeys(),
        buckets: {},
      };
      accounts.set(account.AcctNum, account);
      return [
        200,
        {
          AcctNum: account.AcctNum,
          AcctName: account.AcctName,
          AccessKey: account.keys.AccessKey,
          SecretKey: account.keys.SecretKey,
          CreateTime: account.CreateTime,
        },
      ];
    }
    const account = accounts.get(Number(parts[2]));
    if (!account || account.deleted) return [404, { Msg: `Account ${parts[2]} does not exist` }];
    if (parts.length === 3 && method === 'POST') {
      const b = (body ?? {}) as Record<string, unknown>;
      if (b.ResetAccessKeys === true) {
        account.keys = newKeys();
        return [
          200,
          { AcctNum: account.AcctNum, AcctName: account.AcctName, AccessKey: account.keys.AccessKey, SecretKey: account.keys.SecretKey },
        ];
      }
      return [200, { AcctNum: account.AcctNum, AcctName: account.AcctName }];
    }
    if (parts.length === 3 && method === 'DELETE') {
      for (const name of Object.keys(account.buckets)) await store.deleteBucket(name);
      account.buckets = {};
      account.deleted = true;
      return [200, { Msg: 'OK' }];
    }
    if (parts[3] === 'utilizations' && method === 'GET') {
      const records = await bucketRecords(account);
      if (parts.length === 5 && parts[4] === 'buckets') return [200, records];
      if (parts.length === 6 && parts[4] === 'buckets') return [200, records.filter((r) => r.Bucket === parts[5])];
      if (parts.length === 4) {
        const sum = (f: keyof (typeof records)[number]) => records.reduce((s, r) => s + Number(r[f]), 0);
        const start = new Date();
        start.setUTCHours(0, 0, 0, 0);
        return [
          200,
          [
            {
              UtilizationNum: 1,
              AcctNum: account.AcctNum,
              AcctPlanNum: 0,
              StartTime: start.toISOString().replace('.000', ''),
              EndTime: new Date(start.getTime() + 86_400_000).toISOString().replace('.000', ''),
              NumBillableObjects: sum('NumBillableObjects'),
              NumBillableDeletedObjects: 0,
              RawStorageSizeBytes: sum('RawStorageSizeBytes'),
              PaddedStorageSizeBytes: sum('PaddedStorageSizeBytes'),
              MetadataStorageSizeBytes: sum('MetadataStorageSizeBytes'),
              DeletedStorageSizeBytes: 0,
              OrphanedStorageSizeBytes: 0,
            },
          ],
        ];
      }
    }
    return [404, { Msg: 'Not found' }];
  }

  const api = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      control(req.method ?? 'GET', url, req.headers, body)
        .catch((err: Error): [number, unknown] => [500, { Msg: err.message }])
        .then(([status, answer]) => {
          exchanges.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body, status, answer });
          res.writeHead(status, {
            'content-type': 'application/json',
            'x-wasabi-service': 'partner_api',
            'x-wasabi-partner-api-version': '1.1',
          });
          res.end(JSON.stringify(answer));
        });
    });
  });

  const endpointAccount = (account: SubAccount): EndpointAccount => ({
    id: String(account.AcctNum),
    label: account.AcctName,
    secretKey: account.keys.SecretKey,
    buckets: () => Object.keys(account.buckets),
  });
  const gateway = http.createServer(
    s3Endpoint({
      store,
      accountOfKey: (accessKey) => {
        const account = ownerOfKey(accessKey);
        return account ? endpointAccount(account) : null;
      },
      createdAt: (bucket) => live().find((a) => bucket in a.buckets)?.buckets[bucket]?.createdAt ?? new Date(0).toISOString(),
      bucketsOverS3: {
        async create(signer, bucket, { region, objectLock }) {
          const account = live().find((a) => String(a.AcctNum) === signer.id);
          if (!account) throw new S3Error(403, 'AccessDenied', 'Access Denied');
          if (o.regions && !o.regions.includes(region)) {
            throw new S3Error(400, 'InvalidLocationConstraint', 'The specified location-constraint is not valid');
          }
          if (bucket in account.buckets) {
            throw new S3Error(
              409,
              'BucketAlreadyOwnedByYou',
              'Your previous request to create the named bucket succeeded and you already own it.',
            );
          }
          if (bucketTaken(bucket)) throw new S3Error(409, 'BucketAlreadyExists', 'The requested bucket name is not available.');
          const createdAt = new Date().toISOString();
          await store.createBucket(bucket, { region, objectLock, createdAt });
          account.buckets[bucket] = { region, objectLock, createdAt };
        },
        async remove(signer, bucket) {
          const account = live().find((a) => String(a.AcctNum) === signer.id);
          if (account) delete account.buckets[bucket];
          await store.deleteBucket(bucket);
        },
      },
    }),
  );

  const listen = (server: http.Server) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const apiPort = await listen(api);
  const s3Port = await listen(gateway);

  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    // The region sits in the template as Wasabi's does, in a path-free spot the stand-in ignores.
    s3Endpoint: `http://127.0.0.1:${s3Port}`,
    apiKey,
    exchanges,
    account: (acctNum) => accounts.get(Number(acctNum)),
    async close() {
      for (const server of [api, gateway]) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function newKeys() {
  return { AccessKey: randomBytes(10).toString('hex').toUpperCase(), SecretKey: randomBytes(30).toString('base64') };
}
