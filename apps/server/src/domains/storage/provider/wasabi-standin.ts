import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { readSignature } from './sigv4.ts';

/**
 * A local stand-in for Wasabi (docs/decisions/0056), for tests and journeys of the Wasabi adapter over real
 * HTTP. It answers the Account Control API as documented (https://docs.wasabi.com/apidocs/methods-with-wac-api):
 * the key in `Authorization`, 200 on success, another status with a JSON failure description ({"Msg": ...})
 * otherwise; PUT /v1/accounts, GET /v1/accounts, POST and DELETE /v1/accounts/<AcctNum>, GET
 * /v1/accounts/<AcctNum>/utilizations[/buckets]. Its S3 side is s3rver behind a gateway that, like Wasabi,
 * checks each SigV4 signature against the sub-account's current keys, keeps each sub-account to its own
 * buckets, lets a sub-account create and delete buckets (in the region its CreateBucketConfiguration names,
 * with object lock when asked), answers GetBucketLocation and GetObjectLockConfiguration, and refuses deleting
 * objects from an object lock bucket (as compliance-mode retention would). Every Account Control exchange is
 * recorded for the tests to check.
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

const INNER_KEY = 'S3RVER';
/** Wasabi's minimum object size: a smaller object is charged as 4 KB (PaddedStorageSizeBytes). */
const MIN_OBJECT_BYTES = 4096;

export async function startWasabiStandIn(o: { apiKey?: string; regions?: readonly string[] } = {}): Promise<WasabiStandIn> {
  const apiKey = o.apiKey ?? randomBytes(16).toString('hex');
  const directory = await mkdtemp(path.join(tmpdir(), 'wasabi-standin-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port: innerPort } = await s3rver.run();
  const inner = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${innerPort}`,
    forcePathStyle: true,
    credentials: { accessKeyId: INNER_KEY, secretAccessKey: INNER_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
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
    let objects = 0;
    let token: string | undefined;
    do {
      const page = await inner.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const obj of page.Contents ?? []) {
        bytes += obj.Size ?? 0;
        padded += Math.max(obj.Size ?? 0, MIN_OBJECT_BYTES);
        metadata += Buffer.byteLength(obj.Key ?? '');
        objects++;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return { bytes, padded, metadata, objects };
  }

  async function emptyAndDrop(bucket: string) {
    for (;;) {
      const page = await inner.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).flatMap((x) => (x.Key ? [{ Key: x.Key }] : []));
      if (!keys.length) break;
      await inner.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    await inner.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
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
      for (const name of Object.keys(account.buckets)) await emptyAndDrop(name);
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

  const gateway = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const signature = readSignature({ method, url, headers: req.headers });
    if (!signature) return refuse(res, 403, 'AccessDenied', 'Anonymous access is not allowed');
    const account = ownerOfKey(signature.accessKey);
    if (!account) return refuse(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (!signature.verify(account.keys.SecretKey)) {
      return refuse(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const pathname = url.split('?')[0] ?? '/';
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const params = new URLSearchParams(query);
    const [bucketName = '', ...keyParts] = pathname.slice(1).split('/');
    const bucket = decodeURIComponent(bucketName);
    const hasKey = keyParts.join('/') !== '';
    if (!bucket) {
      if (method !== 'GET') return refuse(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      const list = Object.entries(account.buckets)
        .map(([name, b]) => `<Bucket><Name>${xml(name)}</Name><CreationDate>${b.createdAt}</CreationDate></Bucket>`)
        .join('');
      return answerXml(
        res,
        200,
        `<ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Owner><ID>${account.AcctNum}</ID><DisplayName>${xml(account.AcctName)}</DisplayName></Owner><Buckets>${list}</Buckets></ListAllMyBucketsResult>`,
      );
    }
    const own = account.buckets[bucket];
    if (!hasKey && query === '' && method === 'PUT') {
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const region = /<LocationConstraint>([^<]*)<\/LocationConstraint>/.exec(text)?.[1] || 'us-east-1';
        if (o.regions && !o.regions.includes(region))
          return refuse(res, 400, 'InvalidLocationConstraint', 'The specified location-constraint is not valid');
        if (bucketTaken(bucket)) {
          return own
            ? refuse(
                res,
                409,
                'BucketAlreadyOwnedByYou',
                'Your previous request to create the named bucket succeeded and you already own it.',
              )
            : refuse(res, 409, 'BucketAlreadyExists', 'The requested bucket name is not available.');
        }
        inner
          .send(new CreateBucketCommand({ Bucket: bucket }))
          .then(() => {
            account.buckets[bucket] = {
              region,
              objectLock: String(req.headers['x-amz-bucket-object-lock-enabled']).toLowerCase() === 'true',
              createdAt: new Date().toISOString(),
            };
            res.writeHead(200, { location: `/${bucket}` });
            res.end();
          })
          .catch((err: Error) => refuse(res, 400, 'InvalidBucketName', err.message));
      });
      return;
    }
    if (!own)
      return refuse(
        res,
        bucketTaken(bucket) ? 403 : 404,
        bucketTaken(bucket) ? 'AccessDenied' : 'NoSuchBucket',
        bucketTaken(bucket) ? 'Access Denied' : 'The specified bucket does not exist',
      );
    if (!hasKey && method === 'GET' && params.has('location')) {
      const constraint = own.region === 'us-east-1' ? '' : xml(own.region);
      return answerXml(res, 200, `<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${constraint}</LocationConstraint>`);
    }
    if (!hasKey && method === 'GET' && params.has('object-lock')) {
      if (!own.objectLock)
        return refuse(res, 404, 'ObjectLockConfigurationNotFoundError', 'Object Lock configuration does not exist for this bucket');
      return answerXml(
        res,
        200,
        '<ObjectLockConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>',
      );
    }
    if (!hasKey && query === '' && method === 'DELETE') {
      bytesOf(bucket)
        .then(async ({ objects }) => {
          if (objects) return refuse(res, 409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty');
          await inner.send(new DeleteBucketCommand({ Bucket: bucket }));
          delete account.buckets[bucket];
          res.writeHead(204);
          res.end();
        })
        .catch((err: Error) => refuse(res, 500, 'InternalError', err.message));
      return;
    }
    if (own.objectLock && (method === 'DELETE' || (method === 'POST' && params.has('delete')))) {
      return refuse(res, 403, 'AccessDenied', 'Object lock: objects in this bucket are under retention');
    }
    const headers = { ...req.headers };
    let innerUrl = url;
    if (signature.form === 'header') {
      headers.authorization = String(headers.authorization).replace(`Credential=${signature.accessKey}/`, `Credential=${INNER_KEY}/`);
    } else {
      innerUrl = url.replace(`X-Amz-Credential=${encodeURIComponent(signature.accessKey)}`, `X-Amz-Credential=${INNER_KEY}`);
    }
    const forward = http.request({ host: '127.0.0.1', port: innerPort, method, path: innerUrl, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => refuse(res, 502, 'InternalError', 'The storage endpoint is not available'));
    req.pipe(forward);
  });

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
      inner.destroy();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function newKeys() {
  return { AccessKey: randomBytes(10).toString('hex').toUpperCase(), SecretKey: randomBytes(30).toString('base64') };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function answerXml(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

function refuse(res: http.ServerResponse, status: number, code: string, message: string) {
  if (res.headersSent) return void res.destroy();
  answerXml(res, status, `<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`);
}
