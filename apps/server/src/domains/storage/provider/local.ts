import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importS3rverFolder } from './s3-endpoint/import-s3rver.ts';
import { ObjectStore } from './s3-endpoint/object-store.ts';
import { s3Endpoint } from './s3-endpoint/server.ts';
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
  /** The address to listen on; empty: loopback, or every address when a public endpoint is given. */
  host: string;
  /** The port; empty: the one this folder's endpoint had before (a free one the first time); 0: a new free one. */
  port: number | '';
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
  /** The port the endpoint listened on, kept so that customers' S3 configurations outlive a restart. */
  port?: number;
}

/** Wasabi charges an object smaller than 4 KB as 4 KB (its minimum object size); the local provider counts alike. */
const MIN_OBJECT_BYTES = 4096;

/**
 * The embedded storage provider (docs/decisions/0050, 0095): an S3 endpoint the portal serves itself
 * (s3-endpoint/), which checks each request's SigV4 signature against the account's current keys and lets an
 * account reach only its own buckets. Accounts, keys and buckets are recorded in a JSON file beside the objects,
 * as a provider keeps its own books; the portal keeps its copy in its tables.
 */
export class LocalStorageProvider implements StorageProvider {
  readonly kind = 'local';
  private started: Promise<{ endpoint: string }> | null = null;
  private state: State = { accounts: {} };
  private store: ObjectStore | null = null;
  private server: http.Server | null = null;
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
    await mkdir(this.directory, { recursive: true });
    try {
      this.state = JSON.parse(await readFile(this.stateFile(), 'utf8')) as State;
    } catch {
      this.state = { accounts: {} };
    }
    const store = new ObjectStore(this.directory);
    await store.prepare();
    this.store = store;
    await importS3rverFolder(this.directory, store, this.buckets());
    this.server = http.createServer(
      s3Endpoint({
        store,
        accountOfKey: (accessKey) => {
          const found = Object.entries(this.state.accounts).find(([, a]) => a.keys.accessKey === accessKey);
          if (!found) return null;
          const [id, account] = found;
          return { id, label: account.label, secretKey: account.keys.secretKey, buckets: () => Object.keys(account.buckets) };
        },
        createdAt: (bucket) => this.buckets().get(bucket)?.createdAt ?? new Date(0).toISOString(),
      }),
    );
    const host = this.opts.host || (this.opts.publicEndpoint ? '0.0.0.0' : '127.0.0.1');
    const port = await this.listen(host);
    if (this.opts.port === '' && this.state.port !== port) {
      this.state.port = port;
      await this.save();
    }
    const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    return { endpoint: this.opts.publicEndpoint || `http://${reachable}:${port}` };
  }

  private listen(host: string): Promise<number> {
    const port = this.opts.port === '' ? (this.state.port ?? 0) : this.opts.port;
    return new Promise<number>((resolve, reject) => {
      this.server?.once('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'EADDRINUSE'
            ? new StorageProviderError(`The storage endpoint's port ${port} on ${host} is in use; set STORAGE_LOCAL_PORT to another`)
            : err,
        ),
      );
      this.server?.listen(port, host, () => resolve((this.server?.address() as AddressInfo | null)?.port ?? port));
    });
  }

  private buckets() {
    return new Map(Object.values(this.state.accounts).flatMap((a) => Object.entries(a.buckets)));
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

  private async objects() {
    await this.start();
    if (!this.store) throw new StorageProviderError('The storage endpoint is not running');
    return this.store;
  }

  async endpointFor(_region: string): Promise<string> {
    return (await this.start()).endpoint;
  }

  /** Where the endpoint listens, which differs from what customers are given behind a proxy. */
  async listening(): Promise<AddressInfo> {
    await this.start();
    return this.server?.address() as AddressInfo;
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
    await this.start();
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
    const store = await this.objects();
    const account = this.account(accountId);
    if (!this.opts.regions.includes(bucket.region)) throw new StorageProviderError(`Region ${bucket.region} is not active`);
    if (this.buckets().has(bucket.name)) throw new StorageProviderError(`The bucket name ${bucket.name} is already taken`);
    const createdAt = new Date();
    try {
      await store.createBucket(bucket.name, { region: bucket.region, objectLock: bucket.objectLock, createdAt: createdAt.toISOString() });
    } catch (err) {
      throw new StorageProviderError((err as Error).message);
    }
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
    const store = await this.objects();
    const account = this.account(accountId);
    const bucket = account.buckets[name];
    if (!bucket) return;
    // Object lock is the provider's promise that no retained object goes before its time; closing the whole
    // account (force) is the one way out, as at Wasabi, where only support can remove such a bucket.
    if (bucket.objectLock && !o.force) throw new StorageProviderError(`Bucket ${name} has object lock and cannot be deleted`);
    delete account.buckets[name];
    await this.save();
    await store.deleteBucket(name);
  }

  async utilization(accountId: string): Promise<BucketUsage[]> {
    const store = await this.objects();
    const usage: BucketUsage[] = [];
    for (const [name, b] of Object.entries(this.account(accountId).buckets)) {
      let activeBytes = 0;
      let paddedBytes = 0;
      let metadataBytes = 0;
      for (const o of await store.usage(name)) {
        activeBytes += o.size;
        // As Wasabi counts: an object smaller than its minimum object size is charged as that size.
        paddedBytes += Math.max(o.size, MIN_OBJECT_BYTES);
        // What is stored beside the object: its key.
        metadataBytes += Buffer.byteLength(o.key);
      }
      usage.push({ name, region: b.region, activeBytes, deletedBytes: 0, paddedBytes, metadataBytes });
    }
    return usage;
  }

  async close(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await new Promise<void>((resolve) => (this.server?.listening ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
    await this.saving.catch(() => undefined);
    if (this.opts.directory === 'temporary' && this.directory) await rm(this.directory, { recursive: true, force: true });
  }
}

function newKeys(): ProviderKeys {
  return {
    accessKey: randomBytes(10).toString('hex').toUpperCase(),
    secretKey: randomBytes(30).toString('base64url'),
  };
}
