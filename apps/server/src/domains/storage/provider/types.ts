/**
 * What the storage product needs from a storage provider (docs/decisions/0050): one account per company with
 * root keys, buckets in regions, and what is stored. The embedded default is `LocalStorageProvider`; a Wasabi
 * adapter (Account Control API and S3) implements the same interface.
 */
export interface ProviderKeys {
  accessKey: string;
  secretKey: string;
}

export interface ProviderAccount {
  /** The provider's id for the company's account (Wasabi's sub-account id). */
  accountId: string;
  keys: ProviderKeys;
}

export interface ProviderBucket {
  name: string;
  region: string;
  objectLock: boolean;
  createdAt: Date;
}

export interface BucketUsage {
  name: string;
  region: string;
  /** Bytes of the objects stored now. */
  activeBytes: number;
  /** Bytes of deleted objects still charged for (Wasabi's minimum storage duration); the local provider has none. */
  deletedBytes: number;
  /**
   * The bytes charged for the objects stored now, each counted as at least the provider's minimum object size
   * (Wasabi's PaddedStorageSizeBytes); absent: activeBytes (docs/decisions/0055).
   */
  paddedBytes?: number;
  /** Bytes of object metadata stored beside the objects (Wasabi's MetadataStorageSizeBytes); absent: 0. */
  metadataBytes?: number;
}

/** A refusal or failure of the provider, with the provider's own message for the customer to quote to support. */
export class StorageProviderError extends Error {
  override readonly name = 'StorageProviderError';
}

export interface StorageProvider {
  readonly kind: string;
  /** Where customers point their S3 clients, per region. */
  endpointFor(region: string): Promise<string>;
  createAccount(label: string): Promise<ProviderAccount>;
  /** The account and everything in it; its keys stop working. */
  deleteAccount(accountId: string): Promise<void>;
  /** New root keys; the old ones stop working at once. */
  rotateKeys(accountId: string): Promise<ProviderKeys>;
  activeRegions(): Promise<string[]>;
  createBucket(accountId: string, bucket: { name: string; region: string; objectLock: boolean }): Promise<ProviderBucket>;
  listBuckets(accountId: string): Promise<ProviderBucket[]>;
  /** Deletes the bucket and its objects; refuses an object lock bucket. A bucket already gone is not an error. */
  deleteBucket(accountId: string, name: string): Promise<void>;
  /** What each of the account's buckets holds now. */
  utilization(accountId: string): Promise<BucketUsage[]>;
  close(): Promise<void>;
}
