import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A company's account at the storage provider (spec-1 §3 Storage account), one at most: enabling twice finds
 * it. The root keys are kept so the company can see them again (Show Access Keys), as the provider issues
 * the secret only once.
 */
export const storageAccounts = pgTable(
  'storage_accounts',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    provider_account_id: text('provider_account_id').notNull(),
    access_key: text('access_key').notNull(),
    secret_key: text('secret_key').notNull(),
    created_at: ts('created_at').notNull(),
    keys_rotated_at: ts('keys_rotated_at'),
    /** When the utilization job last measured the account at the provider (docs/decisions/0055); null: never. */
    utilization_measured_at: ts('utilization_measured_at'),
  },
  (t) => [
    uniqueIndex('storage_accounts_company_key').on(t.company_id),
    index('storage_accounts_measured_idx').on(t.utilization_measured_at),
  ],
);

/** A bucket of a company's storage account (spec-1 §3 Bucket); its name is unique at the provider. */
export const storageBuckets = pgTable(
  'storage_buckets',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => storageAccounts.id, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    region: text('region').notNull(),
    has_object_lock: boolean('has_object_lock').notNull(),
    active_storage_bytes: bigint('active_storage_bytes', { mode: 'number' }).notNull().default(0),
    deleted_storage_bytes: bigint('deleted_storage_bytes', { mode: 'number' }).notNull().default(0),
    /** Asked to be deleted at a provider that deletes later (Wasabi); the local provider deletes at once. */
    pending_delete: boolean('pending_delete').notNull().default(false),
    created_at: ts('created_at').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('storage_buckets_bucket_key').on(t.bucket), index('storage_buckets_company_idx').on(t.company_id)],
);

/**
 * What a company stored at the provider in a region on a day (spec-1 §3 Storage usage; docs/decisions/0055),
 * as the daily utilization job measured it: one row per company, day (Pacific/Auckland, the billing day) and
 * region, rewritten by each measurement of that day, so a rerun updates and never adds. Kept by company, not
 * account: the history outlives a disabled account.
 */
export const storageUtilization = pgTable(
  'storage_utilization',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    region: text('region').notNull(),
    padded_storage_size_bytes: bigint('padded_storage_size_bytes', { mode: 'number' }).notNull(),
    metadata_storage_size_bytes: bigint('metadata_storage_size_bytes', { mode: 'number' }).notNull(),
    deleted_storage_size_bytes: bigint('deleted_storage_size_bytes', { mode: 'number' }).notNull(),
    buckets_count: integer('buckets_count').notNull(),
    measured_at: ts('measured_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.day, t.region] })],
);

/** What /manage_storage needs of a company: a view tenancy publishes for storage (migration 0034). */
export const storageCompanies = pgView('storage_companies', {
  company_id: integer('company_id').notNull(),
  company_name: text('company_name').notNull(),
  company_type: text('company_type').notNull(),
  can_have_comet_storage: boolean('can_have_comet_storage').notNull(),
}).existing();
