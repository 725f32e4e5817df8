import { randomBytes } from 'node:crypto';
import {
  type Bucket,
  DEFAULT_STORAGE_REGION,
  STORAGE_MESSAGES,
  STORAGE_REGIONS,
  type StorageRegion,
} from '@portal/contract/storage/storage';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { StorageProviderError, storageProviderFor } from './provider/index.ts';
import { sealKey, unsealKey } from './keys.ts';
import * as q from './queries.ts';

/**
 * The storage product (spec-1 §4 Storage): a company's account at the provider, its buckets and the storage
 * service billing charges for. Every change locks the company row first (tenancy.requireCompany 'write'), so
 * two enables, or a bucket created while storage is disabled, take turns. The provider is called inside the
 * call's transaction, after the checks and before the rows are written: a provider refusal leaves no row.
 */

/** The billing service of a company's storage account. */
const serviceOwner = (account: q.AccountRow) => ({ owner_kind: 'storage_account', owner_id: String(account.id) });

const providerOf = (ctx: CallContext) => storageProviderFor(ctx.config, ctx.db);

/** The provider's refusal as the answer: 502, with the provider's own words for support. */
async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StorageProviderError) throw new AppError(502, STORAGE_MESSAGES.provider(err.message));
    throw err;
  }
}

async function requireAccount(ctx: CallContext, companyId: number): Promise<q.AccountRow> {
  const account = await q.accountOf(ctx.db, companyId);
  if (!account) throw new AppError(400, STORAGE_MESSAGES.notEnabled);
  return account;
}

function bucketView(b: q.BucketRow): Bucket {
  return {
    id: b.id,
    bucket: b.bucket,
    region: b.region,
    has_object_lock: b.has_object_lock,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
    active_storage_bytes: b.active_storage_bytes,
    deleted_storage_bytes: b.deleted_storage_bytes,
    pending_delete: b.pending_delete,
  };
}

/** Subscribes the company: one account however many times it is asked (the company row is locked first). */
export async function enable(ctx: CallContext) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  if (await q.accountOf(ctx.db, company.id)) return { message: STORAGE_MESSAGES.enabled };
  const provider = providerOf(ctx);
  const made = await atProvider(() => provider.createAccount(`company ${company.id}: ${company.company_name}`));
  const account = await q.insertAccount(ctx.db, {
    company_id: company.id,
    provider: provider.kind,
    provider_account_id: made.accountId,
    access_key: made.keys.accessKey,
    secret_key: sealKey(ctx.config, company.id, made.keys.secretKey),
    created_at: ctx.clock.now(),
  });
  await tenancy.administer(ctx, { companyId: company.id, changes: { has_comet_storage: true }, history: ['Storage enabled'] });
  await billing.startService(ctx, { company_id: company.id, kind: 'storage', details: 'Storage', ...serviceOwner(account) });
  return { message: STORAGE_MESSAGES.enabled };
}

export async function accountGet(ctx: CallContext) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  const account = await q.accountOf(ctx.db, company.id);
  if (!account) return { enabled: false, current_usage_bytes: 0, endpoint: '', AccessKey: '', SecretKey: '' };
  const buckets = await q.bucketsOf(ctx.db, company.id);
  return {
    enabled: true,
    current_usage_bytes: buckets.reduce((sum, b) => sum + b.active_storage_bytes, 0),
    endpoint: await providerOf(ctx).endpointFor(DEFAULT_STORAGE_REGION),
    AccessKey: account.access_key,
    SecretKey: unsealKey(ctx.config, company.id, account.secret_key),
  };
}

export async function rotateKeys(ctx: CallContext) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const account = await requireAccount(ctx, company.id);
  const keys = await atProvider(() => providerOf(ctx).rotateKeys(account.provider_account_id));
  const sealed = sealKey(ctx.config, company.id, keys.secretKey);
  await q.setKeys(ctx.db, account.id, { access_key: keys.accessKey, secret_key: sealed }, ctx.clock.now());
  await ctx.audit(company.id, 'Storage access keys rotated');
  return { AccessKey: keys.accessKey, SecretKey: keys.secretKey };
}

export async function activeRegions(ctx: CallContext) {
  const active = new Set(await atProvider(() => providerOf(ctx).activeRegions()));
  const regions = Object.fromEntries(Object.entries(STORAGE_REGIONS).filter(([id]) => active.has(id)));
  return { regions, default_region: DEFAULT_STORAGE_REGION };
}

/** A name unique at the provider, lower case as S3 wants, telling support whose bucket it is. */
function newBucketName(companyId: number): string {
  return `c${companyId}-${randomBytes(6).toString('hex')}`;
}

export async function createBucket(ctx: CallContext, input: { target_region: StorageRegion; target_object_lock_enabled: boolean }) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const account = await requireAccount(ctx, company.id);
  const provider = providerOf(ctx);
  if (!(await atProvider(() => provider.activeRegions())).includes(input.target_region)) {
    throw new AppError(400, STORAGE_MESSAGES.region, { target_region: STORAGE_MESSAGES.region });
  }
  const made = await atProvider(() =>
    provider.createBucket(account.provider_account_id, {
      name: newBucketName(company.id),
      region: input.target_region,
      objectLock: input.target_object_lock_enabled,
    }),
  );
  const now = ctx.clock.now();
  const row = await q.insertBucket(ctx.db, {
    company_id: company.id,
    account_id: account.id,
    bucket: made.name,
    region: made.region,
    has_object_lock: made.objectLock,
    created_at: now,
    updated_at: now,
  });
  await ctx.audit(company.id, `Bucket ${made.name} created in ${made.region}${made.objectLock ? ' with object lock' : ''}`);
  return bucketView(row);
}

/** The buckets with what the provider measures in each now. */
export async function listBuckets(ctx: CallContext) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  const account = await q.accountOf(ctx.db, company.id);
  if (!account) return { buckets: [] };
  const usage = new Map((await atProvider(() => providerOf(ctx).utilization(account.provider_account_id))).map((u) => [u.name, u]));
  const now = ctx.clock.now();
  const rows = await q.bucketsOf(ctx.db, company.id);
  const buckets = [];
  for (const row of rows) {
    const u = usage.get(row.bucket);
    if (u && (u.activeBytes !== row.active_storage_bytes || u.deletedBytes !== row.deleted_storage_bytes)) {
      await q.setBucketUsage(ctx.db, row.id, { active: u.activeBytes, deleted: u.deletedBytes }, now);
      buckets.push(bucketView({ ...row, active_storage_bytes: u.activeBytes, deleted_storage_bytes: u.deletedBytes, updated_at: now }));
    } else buckets.push(bucketView(row));
  }
  return { buckets };
}

/**
 * Deletes a bucket of the caller's company, or of a sub-account for its distributor. The bucket is found by
 * name, its company locked, then the bucket locked: the order every storage change takes.
 */
export async function deleteBucket(ctx: CallContext, input: { target_bucket_name: string }) {
  const found = await q.findBucket(ctx.db, input.target_bucket_name);
  if (!found) throw notFound(STORAGE_MESSAGES.bucketNotFound);
  // Another tenant's bucket reads as no bucket at all, not as a company the caller may not see.
  const company = await tenancy.requireCompany(ctx, { companyId: found.company_id, mode: 'write' }).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 404 ? notFound(STORAGE_MESSAGES.bucketNotFound) : err;
  });
  const bucket = await q.lockBucket(ctx.db, company.id, input.target_bucket_name);
  if (!bucket) throw notFound(STORAGE_MESSAGES.bucketNotFound);
  if (bucket.has_object_lock) throw new AppError(400, STORAGE_MESSAGES.objectLock);
  const account = await requireAccount(ctx, company.id);
  await atProvider(() => providerOf(ctx).deleteBucket(account.provider_account_id, bucket.bucket));
  await q.deleteBucket(ctx.db, bucket.id);
  await ctx.audit(company.id, `Bucket ${bucket.bucket} deleted`);
  return { message: STORAGE_MESSAGES.bucketDeleted };
}

/**
 * Deletes every bucket, then the account, and stops the service. A bucket with object lock cannot be deleted, so
 * the call is refused before any bucket is touched. A bucket the provider still refuses is named in the answer and
 * storage stays enabled with it; the buckets it did delete are gone from the portal too, since they are gone at the
 * provider.
 */
export async function disable(ctx: CallContext, _input: { confirm: 'yes' }) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const account = await requireAccount(ctx, company.id);
  const buckets = await q.bucketsOf(ctx.db, company.id);
  const locked = buckets.filter((b) => b.has_object_lock).map((b) => b.bucket);
  if (locked.length) throw new AppError(400, STORAGE_MESSAGES.disableObjectLock(locked));
  const provider = providerOf(ctx);
  const failed: string[] = [];
  for (const bucket of buckets) {
    try {
      await provider.deleteBucket(account.provider_account_id, bucket.bucket);
      await q.deleteBucket(ctx.db, bucket.id);
      await ctx.audit(company.id, `Bucket ${bucket.bucket} deleted`);
    } catch (err) {
      if (!(err instanceof StorageProviderError)) throw err;
      failed.push(bucket.bucket);
    }
  }
  if (failed.length) return { message: STORAGE_MESSAGES.disableIncomplete(failed), disabled: false, failed_buckets: failed };
  await atProvider(() => provider.deleteAccount(account.provider_account_id));
  await q.deleteAccount(ctx.db, account.id);
  await tenancy.administer(ctx, { companyId: company.id, changes: { has_comet_storage: false }, history: ['Storage disabled'] });
  await billing.stopService(ctx, serviceOwner(account));
  return { message: STORAGE_MESSAGES.disabled, disabled: true, failed_buckets: [] };
}
