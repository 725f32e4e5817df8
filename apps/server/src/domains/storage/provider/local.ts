import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  NoSuchBucket,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { readSignature } from './sigv4.ts';
import {
  type BucketUsage,
  type ProviderAccount,
  type ProviderBucket,
  type ProviderKeys,
  type StorageProvider,
  StorageProviderError,
} from './types.ts';

export interface LocalProviderOptions {
  /** Where objects and the provider's own account records live; 'temporary' for a folder removed on close. */
  directory: string;
  host: string;
  port: number;
  /** The address customers are given; empty for the one the endpoint listens on. */
  publicEndpoint: string;
  regions: readonly string[];
}

interface AccountRecord {
  label: string;
  keys: ProviderKeys;
  buckets: Record<string, { region: string; objectLock: boolean; createdAt: string }>;
}

interface State {
  accounts: Record<string, AccountRecord>;
}

// s3rver answers every request signed with this key, whatever the signature; only the gateway reaches it.
const INNER_KEY = 'S3RVER';
/** Wasabi charges an object smaller than 4 KB as 4 KB (its minimum object size); the local provider counts alike. */
const MIN_OBJECT_BYTES = 4096;

/**
 * The embedded storage provider (docs/decisions/0050): a real S3 endpoint (s3rver) behind a gateway that
 * checks each request's SigV4 signature against the account's current keys and lets an account reach only its
 * own buckets. Accounts, keys and buckets are recorded in a JSON file beside the objects, as a provider keeps
 * its own books; the portal keeps its copy in its tables.
 */
export class LocalStorageProvider implements StorageProvider {
  readonly kind = 'local';
  private started: Promise<{ inner: S3Client; endpoint: string }> | null = null;
  private state: State = { accounts: {} };
  private s3rver: S3rver | null = null;
  private gateway: http.Server | null = null;
  private directory = '';
  // Account file writes happen one at a time, so a crash leaves the last whole version.
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly opts: LocalProviderOptions) {}

  private start() {
    this.started ??= this.boot();
    return this.started;
  }

  private async boot() {
    this.directory = this.opts.directory === 'temporary' ? await mkdtemp(path.join(tmpdir(), 'portal-storage-')) : this.opts.directory;
    await mkdir(path.join(this.directory, 'objects'), { recursive: true });
    try {
      this.state = JSON.parse(await readFile(this.stateFile(), 'utf8')) as State;
    } catch {
      this.state = { accounts: {} };
    }
    this.s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(this.directory, 'objects') });
    const { port: innerPort } = await this.s3rver.run();
    const innerUrl = `http://127.0.0.1:${innerPort}`;
    const inner = new S3Client({
      region: 'us-east-1',
      endpoint: innerUrl,
      forcePathStyle: true,
      credentials: { accessKeyId: INNER_KEY, secretAccessKey: INNER_KEY },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.gateway = http.createServer((req, res) => this.serve(req, res, innerPort));
    await new Promise<void>((resolve, reject) => {
      this.gateway?.once('error', reject);
      this.gateway?.listen(this.opts.port, this.opts.host, () => resolve());
    });
    const { port } = this.gateway.address() as AddressInfo;
    const host = this.opts.host === '0.0.0.0' || this.opts.host === '::' ? '127.0.0.1' : this.opts.host;
    return { inner, endpoint: this.opts.publicEndpoint || `http://${host}:${port}` };
  }

  private stateFile() {
    return path.join(this.directory, 'accounts.json');
  }

  private save(): Promise<void> {
    const text = JSON.stringify(this.state);
    this.saving = this.saving.then(async () => {
      const next = `${this.stateFile()}.next`;
      await writeFile(next, text);
      await rename(next, this.stateFile());
    });
    return this.saving;
  }

  private account(accountId: string): AccountRecord {
    const account = this.state.accounts[accountId];
    if (!account) throw new StorageProviderError(`Account ${accountId} does not exist`);
    return account;
  }

  private accountOfKey(accessKey: string): [string, AccountRecord] | null {
    return Object.entries(this.state.accounts).find(([, a]) => a.keys.accessKey === accessKey) ?? null;
  }

  async endpointFor(_region: string): Promise<string> {
    return (await this.start()).endpoint;
  }

  async createAccount(label: string): Promise<ProviderAccount> {
    await this.start();
    const accountId = `acct-${randomBytes(8).toString('hex')}`;
    const keys = newKeys();
    this.state.accounts[accountId] = { label, keys, buckets: {} };
    await this.save();
    return { accountId, keys };
  }

  async deleteAccount(accountId: string): Promise<void> {
    const account = this.state.accounts[accountId];
    if (!account) return;
    for (const name of Object.keys(account.buckets)) await this.deleteBucket(accountId, name, { force: true });
    delete this.state.accounts[accountId];
    await this.save();
  }

  async rotateKeys(accountId: string): Promise<ProviderKeys> {
    await this.start();
    const account = this.account(accountId);
    account.keys = newKeys();
    await this.save();
    return account.keys;
  }

  async activeRegions(): Promise<string[]> {
    return [...this.opts.regions];
  }

  async createBucket(accountId: string, bucket: { name: string; region: string; objectLock: boolean }): Promise<ProviderBucket> {
    const { inner } = await this.start();
    const account = this.account(accountId);
    if (!this.opts.regions.includes(bucket.region)) throw new StorageProviderError(`Region ${bucket.region} is not active`);
    if (Object.values(this.state.accounts).some((a) => bucket.name in a.buckets)) {
      throw new StorageProviderError(`The bucket name ${bucket.name} is already taken`);
    }
    try {
      await inner.send(new CreateBucketCommand({ Bucket: bucket.name }));
    } catch (err) {
      throw new StorageProviderError((err as Error).message);
    }
    const createdAt = new Date();
    account.buckets[bucket.name] = { region: bucket.region, objectLock: bucket.objectLock, createdAt: createdAt.toISOString() };
    await this.save();
    return { name: bucket.name, region: bucket.region, objectLock: bucket.objectLock, createdAt };
  }

  async listBuckets(accountId: string): Promise<ProviderBucket[]> {
    await this.start();
    return Object.entries(this.account(accountId).buckets).map(([name, b]) => ({
      name,
      region: b.region,
      objectLock: b.objectLock,
      createdAt: new Date(b.createdAt),
    }));
  }

  async deleteBucket(accountId: string, name: string, o: { force?: boolean } = {}): Promise<void> {
    const { inner } = await this.start();
    const account = this.account(accountId);
    const bucket = account.buckets[name];
    if (!bucket) return;
    // Object lock is the provider's promise that nothing in the bucket goes before its time; closing the
    // whole account (force) is the one way out, as at Wasabi, where only support can remove such a bucket.
    if (bucket.objectLock && !o.force) throw new StorageProviderError(`Bucket ${name} has object lock and cannot be deleted`);
    try {
      for (;;) {
        const page = await inner.send(new ListObjectsV2Command({ Bucket: name, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (!keys.length) break;
        await inner.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys, Quiet: true } }));
      }
      await inner.send(new DeleteBucketCommand({ Bucket: name }));
    } catch (err) {
      if (!(err instanceof NoSuchBucket)) throw new StorageProviderError((err as Error).message);
    }
    delete account.buckets[name];
    await this.save();
  }

  async utilization(accountId: string): Promise<BucketUsage[]> {
    const { inner } = await this.start();
    const usage: BucketUsage[] = [];
    for (const [name, b] of Object.entries(this.account(accountId).buckets)) {
      let activeBytes = 0;
      let paddedBytes = 0;
      let metadataBytes = 0;
      let token: string | undefined;
      do {
        const page = await inner.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const size = o.Size ?? 0;
          activeBytes += size;
          // As Wasabi counts: an object smaller than its minimum object size is charged as that size.
          paddedBytes += Math.max(size, MIN_OBJECT_BYTES);
          // What is stored beside the object: its key (s3rver keeps the metadata in a file named after it).
          metadataBytes += Buffer.byteLength(o.Key ?? '');
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      usage.push({ name, region: b.region, activeBytes, deletedBytes: 0, paddedBytes, metadataBytes });
    }
    return usage;
  }

  async close(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await new Promise<void>((resolve) => (this.gateway ? this.gateway.close(() => resolve()) : resolve()));
    this.gateway?.closeAllConnections();
    await this.s3rver?.close();
    await this.saving.catch(() => undefined);
    if (this.opts.directory === 'temporary' && this.directory) await rm(this.directory, { recursive: true, force: true });
  }

  /**
   * The gateway: refuses anonymous requests and bad signatures, keeps each account to its own buckets, keeps
   * bucket creation and deletion to the portal, refuses deleting objects in an object lock bucket, and hands
   * the rest to s3rver.
   */
  private serve(req: http.IncomingMessage, res: http.ServerResponse, innerPort: number) {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const signature = readSignature({ method, url, headers: req.headers });
    if (!signature) return refuse(res, 403, 'AccessDenied', 'Anonymous access is not allowed');
    const found = this.accountOfKey(signature.accessKey);
    if (!found) return refuse(res, 403, 'InvalidAccessKeyId', 'The Access Key Id you provided does not exist in our records.');
    const [, account] = found;
    if (!signature.verify(account.keys.secretKey)) {
      return refuse(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const pathname = url.split('?')[0] ?? '/';
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const [bucketName = '', ...keyParts] = pathname.slice(1).split('/');
    const bucket = decodeURIComponent(bucketName);
    const hasKey = keyParts.join('/') !== '';
    if (!bucket) {
      if (method !== 'GET') return refuse(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      return listBucketsAnswer(res, signature.accessKey, account);
    }
    const own = account.buckets[bucket];
    if (!own) return refuse(res, 403, 'AccessDenied', 'Access Denied');
    if (!hasKey && query === '' && (method === 'PUT' || method === 'DELETE')) {
      return refuse(res, 403, 'AccessDenied', 'Buckets are created and deleted in the portal');
    }
    if (own.objectLock && (method === 'DELETE' || (method === 'POST' && /(^|&)delete(=|&|$)/.test(query)))) {
      return refuse(res, 403, 'AccessDenied', 'Object lock: objects in this bucket cannot be deleted');
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
  }
}

function newKeys(): ProviderKeys {
  return {
    accessKey: randomBytes(10).toString('hex').toUpperCase(),
    secretKey: randomBytes(30).toString('base64url'),
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function refuse(res: http.ServerResponse, status: number, code: string, message: string) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`);
}

/** ListBuckets answered from the account's own buckets: s3rver would list every account's. */
function listBucketsAnswer(res: http.ServerResponse, owner: string, account: AccountRecord) {
  const buckets = Object.entries(account.buckets)
    .map(([name, b]) => `<Bucket><Name>${xml(name)}</Name><CreationDate>${b.createdAt}</CreationDate></Bucket>`)
    .join('');
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Owner><ID>${xml(owner)}</ID><DisplayName>${xml(account.label)}</DisplayName></Owner><Buckets>${buckets}</Buckets></ListAllMyBucketsResult>`,
  );
}
