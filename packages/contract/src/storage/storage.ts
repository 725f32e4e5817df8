import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zOwnedId } from '../shared/owned-id.ts';

/**
 * The storage regions (spec-1 §3: 13 of them, names not shown; §9: buckets default to us-east-1), each
 * with the label the bucket form shows.
 */
export const STORAGE_REGIONS = {
  'us-east-1': 'US East 1 (N. Virginia)',
  'us-east-2': 'US East 2 (N. Virginia)',
  'us-central-1': 'US Central 1 (Texas)',
  'us-west-1': 'US West 1 (Oregon)',
  'ca-central-1': 'CA Central 1 (Toronto)',
  'eu-central-1': 'EU Central 1 (Amsterdam)',
  'eu-central-2': 'EU Central 2 (Frankfurt)',
  'eu-west-1': 'EU West 1 (London)',
  'eu-west-2': 'EU West 2 (Paris)',
  'ap-northeast-1': 'AP Northeast 1 (Tokyo)',
  'ap-northeast-2': 'AP Northeast 2 (Osaka)',
  'ap-southeast-1': 'AP Southeast 1 (Singapore)',
  'ap-southeast-2': 'AP Southeast 2 (Sydney)',
} as const;
export type StorageRegion = keyof typeof STORAGE_REGIONS;
export const STORAGE_REGION_IDS = Object.keys(STORAGE_REGIONS) as [StorageRegion, ...StorageRegion[]];
export const DEFAULT_STORAGE_REGION: StorageRegion = 'us-east-1';

/** $6.99 per TB per month, charged daily (spec-1 §9); the monthly estimate is 30 daily charges. */
export const STORAGE_PRICE_TEXT = '$6.99/TB per month, charged daily, no markup';
/** The list price behind the text, for the page's estimate; billing charges from its price rows (docs/decisions/0021). */
export const STORAGE_CENTS_PER_TB_MONTH = 699;
/** 1 TB = 10^12 bytes, and at least 1 TB is charged. */
export const STORAGE_TB_BYTES = 1e12;

export const STORAGE_MESSAGES = {
  notEnabled: 'Storage is not enabled for this company',
  alreadyEnabled: 'Storage is already enabled',
  region: 'Please choose one of the listed regions',
  bucketNotFound: 'Bucket not found',
  objectLock: 'A bucket with object lock cannot be deleted',
  confirm: 'Type yes to confirm',
  createBucketFailed: 'Error: Failed to create Wasabi bucket. Please contact support.',
  rotateFailed: 'Failed to refresh root access keys! Please contact support.',
  provider: (message: string) => `The storage provider refused: ${message}`,
  disableObjectLock: (buckets: string[]) =>
    `Storage cannot be disabled while a bucket has object lock: ${buckets.join(', ')}. Nothing was deleted.`,
  disableIncomplete: (buckets: string[]) => `Storage was not disabled: these buckets could not be deleted: ${buckets.join(', ')}`,
  enabled: 'Storage is enabled',
  disabled: 'Storage is disabled',
  bucketDeleted: 'Bucket deleted',
} as const;

const CUSTOMER = { roles: ['customer', 'distributor'], capability: 'use_storage' } as const;

export const zStorageKeys = z.object({ AccessKey: z.string(), SecretKey: z.string() });

/** A bucket as the Buckets tab lists it (spec-1 §3). */
export const zBucket = z.object({
  id: z.number().int(),
  bucket: z.string(),
  region: z.string(),
  has_object_lock: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  active_storage_bytes: z.number().int(),
  deleted_storage_bytes: z.number().int(),
  pending_delete: z.boolean(),
});
export type Bucket = z.infer<typeof zBucket>;

export const storageEnable = defineCall({
  path: '/api/v1/storage/wasabi/enable',
  summary: "Subscribes the caller's company to storage: creates its storage account and root keys once, and starts the storage service.",
  input: z.object({}),
  output: z.object({ message: z.string() }),
  access: CUSTOMER,
});

export const storageDisable = defineCall({
  path: '/api/v1/storage/wasabi/disable',
  summary:
    'Deletes every bucket at the provider and here, removes the storage account and stops the service. Refused (400) before anything is deleted while a bucket has object lock, which the provider keeps; when the provider refuses another bucket, storage stays enabled and the answer names it.',
  input: z.object({ confirm: z.literal('yes', { error: STORAGE_MESSAGES.confirm }) }),
  // A bucket the provider would not delete is named rather than refused: the ones it did delete are gone for good.
  output: z.object({ message: z.string(), disabled: z.boolean(), failed_buckets: z.array(z.string()) }),
  access: CUSTOMER,
  example: { confirm: 'yes' },
});

export const storageAccountGet = defineCall({
  path: '/api/v1/user/wasabi-account-get',
  summary:
    "The company's storage account: usage, the S3 endpoint and the root access keys (for the company's own users and an admin signed in as one of them).",
  input: z.object({}),
  output: z.object({
    enabled: z.boolean(),
    current_usage_bytes: z.number().int(),
    endpoint: z.string(),
    AccessKey: z.string(),
    SecretKey: z.string(),
  }),
  access: CUSTOMER,
});

export const storageRotateKeys = defineCall({
  path: '/api/v1/storage/wasabi/rotate_access_keys',
  summary: 'New root access keys; the old ones stop working at once.',
  input: z.object({}),
  output: zStorageKeys,
  access: CUSTOMER,
});

export const storageActiveRegions = defineCall({
  path: '/api/v1/user/wasabi-active-regions-get',
  summary: 'The regions buckets can be created in now, as a map of region to label.',
  input: z.object({}),
  output: z.object({ regions: z.record(z.string(), z.string()), default_region: z.string() }),
  access: CUSTOMER,
});

export const storageCreateBucket = defineCall({
  path: '/api/v1/storage/wasabi/create_bucket',
  summary: 'A new bucket in the region, with or without object lock (an object lock bucket can never be deleted here).',
  input: z.object({
    target_region: z.enum(STORAGE_REGION_IDS, { error: STORAGE_MESSAGES.region }).default(DEFAULT_STORAGE_REGION),
    target_object_lock_enabled: z.boolean().default(false),
  }),
  output: zBucket,
  access: CUSTOMER,
  example: { target_region: 'us-east-1', target_object_lock_enabled: false },
});

export const storageListBuckets = defineCall({
  path: '/api/v1/storage/wasabi/list_buckets',
  summary: "The company's buckets, oldest first, with the bytes the provider measures in each.",
  input: z.object({}),
  output: z.object({ buckets: z.array(zBucket) }),
  access: CUSTOMER,
});

export const storageDeleteBucket = defineCall({
  path: '/api/v1/storage/wasabi/delete_bucket',
  summary: 'Deletes one of the company’s buckets and everything in it, at the provider and here; object lock buckets cannot be deleted.',
  input: z.object({ target_bucket_name: zOwnedId('bucket', STORAGE_MESSAGES.bucketNotFound) }),
  output: z.object({ message: z.string() }),
  access: CUSTOMER,
});
