import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  GetBucketLocationCommand,
  GetObjectLockConfigurationCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type WasabiBucketUtilization, WasabiAccountApi } from './wasabi-account-api.ts';
import {
  type BucketUsage,
  type ProviderAccount,
  type ProviderBucket,
  type ProviderKeys,
  type StorageProvider,
  StorageProviderError,
} from './types.ts';

export interface WasabiProviderOptions {
  /** The Account Control API, https://partner.wasabisys.com at Wasabi. */
  apiUrl: string;
  apiKey: string;
  /** The S3 endpoint of a region: {region} is replaced (https://s3.{region}.wasabisys.com at Wasabi). */
  s3Endpoint: string;
  /** The sub-account root user's email address; {id} is replaced by a fresh token. */
  subAccountEmail: string;
  regions: readonly string[];
  /**
   * The keys the portal holds for a sub-account, for the S3 calls made as it (bucket creation, listing,
   * deletion). The adapter remembers the keys it issued; after a restart, or a rotation on another node, it
   * asks here (the portal's storage_accounts rows).
   */
  keysOf: (accountId: string) => Promise<ProviderKeys | null>;
  fetch?: typeof fetch;
}

/** S3 is always addressed in us-east-1 for the calls that are not about one bucket (ListBuckets). */
const HOME_REGION = 'us-east-1';

/**
 * The Wasabi adapter (docs/decisions/0056): sub-accounts, their root keys and utilizations through the Account
 * Control API; buckets through the S3 API with the sub-account's own keys, in the bucket's region.
 */
export class WasabiStorageProvider implements StorageProvider {
  readonly kind = 'wasabi';
  private readonly api: WasabiAccountApi;
  private readonly keys = new Map<string, ProviderKeys>();

  constructor(private readonly opts: WasabiProviderOptions) {
    this.api = new WasabiAccountApi(opts.apiUrl, opts.apiKey, opts.fetch);
  }

  async endpointFor(region: string): Promise<string> {
    return this.opts.s3Endpoint.replaceAll('{region}', region);
  }

  async createAccount(_label: string): Promise<ProviderAccount> {
    const made = await this.api.createSubAccount({
      AcctName: this.opts.subAccountEmail.replaceAll('{id}', randomBytes(8).toString('hex')),
      Password: newPassword(),
    });
    if (made?.AcctNum === undefined || !made.AccessKey || !made.SecretKey) {
      throw new StorageProviderError('Wasabi answered the sub-account creation without its number or keys');
    }
    const accountId = String(made.AcctNum);
    const keys = { accessKey: made.AccessKey, secretKey: made.SecretKey };
    this.keys.set(accountId, keys);
    return { accountId, keys };
  }

  async deleteAccount(accountId: string): Promise<void> {
    await this.api.deleteSubAccount(accountId);
    this.keys.delete(accountId);
  }

  async rotateKeys(accountId: string): Promise<ProviderKeys> {
    const made = await this.api.resetAccessKeys(accountId);
    const keys = { accessKey: made.AccessKey, secretKey: made.SecretKey };
    this.keys.set(accountId, keys);
    return keys;
  }

  async activeRegions(): Promise<string[]> {
    return [...this.opts.regions];
  }

  async createBucket(accountId: string, bucket: { name: string; region: string; objectLock: boolean }): Promise<ProviderBucket> {
    if (!this.opts.regions.includes(bucket.region)) throw new StorageProviderError(`Region ${bucket.region} is not active`);
    await this.asAccount(accountId, bucket.region, (s3) =>
      s3.send(
        new CreateBucketCommand({
          Bucket: bucket.name,
          // us-east-1 is S3's default location, named by no constraint; every other region names itself.
          ...(bucket.region === HOME_REGION ? {} : { CreateBucketConfiguration: { LocationConstraint: bucket.region as never } }),
          ...(bucket.objectLock ? { ObjectLockEnabledForBucket: true } : {}),
        }),
      ),
    );
    return { name: bucket.name, region: bucket.region, objectLock: bucket.objectLock, createdAt: new Date() };
  }

  async listBuckets(accountId: string): Promise<ProviderBucket[]> {
    const listed = await this.asAccount(accountId, HOME_REGION, (s3) => s3.send(new ListBucketsCommand({})));
    const buckets: ProviderBucket[] = [];
    for (const b of listed.Buckets ?? []) {
      if (!b.Name) continue;
      const region = await this.regionOf(accountId, b.Name);
      buckets.push({
        name: b.Name,
        region,
        objectLock: await this.hasObjectLock(accountId, region, b.Name),
        createdAt: b.CreationDate ?? new Date(0),
      });
    }
    return buckets;
  }

  async deleteBucket(accountId: string, name: string): Promise<void> {
    let region: string;
    try {
      region = await this.regionOf(accountId, name);
    } catch (err) {
      if (err instanceof StorageProviderError && /NoSuchBucket|does not exist/i.test(err.message)) return;
      throw err;
    }
    if (await this.hasObjectLock(accountId, region, name)) {
      throw new StorageProviderError(`Bucket ${name} has object lock and cannot be deleted`);
    }
    await this.asAccount(accountId, region, async (s3) => {
      try {
        for (;;) {
          const page = await s3.send(new ListObjectsV2Command({ Bucket: name, MaxKeys: 1000 }));
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
          if (!keys.length) break;
          await s3.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys, Quiet: true } }));
        }
        await s3.send(new DeleteBucketCommand({ Bucket: name }));
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'NoSuchBucket') return;
        throw err;
      }
    });
  }

  /**
   * The latest daily record of each bucket, from the Account Control API: RawStorageSizeBytes is what is stored,
   * PaddedStorageSizeBytes what is charged (small objects count as 4 KB), DeletedStorageSizeBytes the deleted
   * objects still charged (minimum storage duration), MetadataStorageSizeBytes the metadata beside them.
   */
  async utilization(accountId: string): Promise<BucketUsage[]> {
    const records = await this.api.bucketUtilizations(accountId, { latest: true });
    const latest = new Map<string, WasabiBucketUtilization>();
    for (const r of records ?? []) {
      const seen = latest.get(r.Bucket);
      if (!seen || seen.EndTime < r.EndTime) latest.set(r.Bucket, r);
    }
    return [...latest.values()].map((r) => ({
      name: r.Bucket,
      region: r.Region,
      activeBytes: Number(r.RawStorageSizeBytes) || 0,
      deletedBytes: Number(r.DeletedStorageSizeBytes) || 0,
      paddedBytes: Number(r.PaddedStorageSizeBytes) || 0,
      metadataBytes: Number(r.MetadataStorageSizeBytes) || 0,
    }));
  }

  /** Daily bucket records between two days (YYYY-MM-DD), as Wasabi measured them. */
  bucketUtilizations(accountId: string, range: { from?: string; to?: string } = {}): Promise<WasabiBucketUtilization[]> {
    return this.api.bucketUtilizations(accountId, range);
  }

  async close(): Promise<void> {
    this.keys.clear();
  }

  private async regionOf(accountId: string, bucket: string): Promise<string> {
    const answer = await this.asAccount(accountId, HOME_REGION, (s3) => s3.send(new GetBucketLocationCommand({ Bucket: bucket })));
    return answer.LocationConstraint || HOME_REGION;
  }

  private async hasObjectLock(accountId: string, region: string, bucket: string): Promise<boolean> {
    try {
      const answer = await this.asAccount(accountId, region, (s3) => s3.send(new GetObjectLockConfigurationCommand({ Bucket: bucket })), {
        passThrough: true,
      });
      return answer.ObjectLockConfiguration?.ObjectLockEnabled === 'Enabled';
    } catch (err) {
      if (err instanceof S3ServiceException && err.name === 'ObjectLockConfigurationNotFoundError') return false;
      if (err instanceof S3ServiceException) throw new StorageProviderError(s3Words(err));
      throw err;
    }
  }

  /**
   * An S3 call made as the sub-account in a region. Keys another node rotated are looked up again once; an S3
   * refusal becomes a StorageProviderError with S3's words.
   */
  private async asAccount<T>(
    accountId: string,
    region: string,
    work: (s3: S3Client) => Promise<T>,
    o: { passThrough?: boolean } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const keys = await this.keysFor(accountId, attempt > 0);
      const s3 = new S3Client({
        region,
        endpoint: await this.endpointFor(region),
        forcePathStyle: true,
        credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
      });
      try {
        return await work(s3);
      } catch (err) {
        const stale = err instanceof S3ServiceException && (err.name === 'InvalidAccessKeyId' || err.name === 'SignatureDoesNotMatch');
        if (stale && attempt === 0) continue;
        if (o.passThrough) throw err;
        if (err instanceof S3ServiceException) throw new StorageProviderError(s3Words(err));
        if (err instanceof StorageProviderError) throw err;
        throw new StorageProviderError(`Wasabi S3 unreachable: ${(err as Error).message}`);
      } finally {
        s3.destroy();
      }
    }
  }

  /**
   * The same adapter (its remembered keys too), looking keys up with the caller's own database handle: a call
   * inside a transaction reads through it rather than waiting for another connection (PGlite has one).
   */
  lookingUpKeysIn(keysOf: (accountId: string) => Promise<ProviderKeys | null>): WasabiStorageProvider {
    const view = Object.create(this) as WasabiStorageProvider;
    view.keysOfNow = keysOf;
    return view;
  }

  private keysOfNow: ((accountId: string) => Promise<ProviderKeys | null>) | null = null;

  private async keysFor(accountId: string, fresh: boolean): Promise<ProviderKeys> {
    const known = fresh ? undefined : this.keys.get(accountId);
    if (known) return known;
    const found = await (this.keysOfNow ?? this.opts.keysOf)(accountId);
    if (!found) throw new StorageProviderError(`Account ${accountId} does not exist`);
    this.keys.set(accountId, found);
    return found;
  }
}

function s3Words(err: S3ServiceException): string {
  return `${err.name}: ${err.message}`;
}

/** A root password nobody signs in with (the portal works with keys), passing Wasabi's complexity rules. */
function newPassword(): string {
  return `${randomBytes(18).toString('base64url')}aA1!`;
}
