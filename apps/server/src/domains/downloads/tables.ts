import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One released version of the backup server (spec-1 §3 download, spec-2 §3 download version). */
export const downloadVersions = pgTable(
  'download_versions',
  {
    id: serial('id').primaryKey(),
    /** NN.N.N; its three numbers are kept apart so versions sort as numbers. */
    version_key: text('version_key').notNull(),
    major: integer('major').notNull(),
    minor: integer('minor').notNull(),
    patch: integer('patch').notNull(),
    codename: text('codename').notNull().default(''),
    release_notes: text('release_notes').notNull().default(''),
    release_date: date('release_date', { mode: 'string' }),
    is_hidden: boolean('is_hidden').notNull().default(true),
    is_prerelease: boolean('is_prerelease').notNull().default(false),
    created_at: ts('created_at').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [
    unique('download_versions_version_key_unique').on(t.version_key),
    index('download_versions_order_idx').on(t.major, t.minor, t.patch),
  ],
);

/**
 * An installer of a version for one platform, in object storage under `object_key`. 'pending' from the
 * presigned URL until patch_download finds the whole object and records its size and SHA-256; customers
 * see only 'ready' files, one per platform.
 */
export const downloadFiles = pgTable(
  'download_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    version_id: integer('version_id')
      .notNull()
      .references(() => downloadVersions.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    filename: text('filename').notNull(),
    object_key: text('object_key').notNull(),
    state: text('state', { enum: ['pending', 'ready'] }).notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    created_at: ts('created_at').notNull(),
    uploaded_at: ts('uploaded_at'),
  },
  (t) => [
    unique('download_files_object_key_unique').on(t.object_key),
    check('download_files_state_check', sql`${t.state} IN ('pending', 'ready')`),
    check(
      'download_files_ready_check',
      sql`${t.state} = 'pending' OR (${t.size_bytes} IS NOT NULL AND ${t.sha256} IS NOT NULL AND ${t.uploaded_at} IS NOT NULL)`,
    ),
    uniqueIndex('download_files_one_ready_idx').on(t.version_id, t.platform).where(sql`${t.state} = 'ready'`),
  ],
);

/**
 * Which installers a company has downloaded, and how often: /create_server's `server_downloaded` (spec-1
 * §3 page data) sends a company that has one straight to /downloads.
 */
export const companyDownloads = pgTable(
  'company_downloads',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version_id: integer('version_id')
      .notNull()
      .references(() => downloadVersions.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    first_downloaded_at: ts('first_downloaded_at').notNull(),
    last_downloaded_at: ts('last_downloaded_at').notNull(),
    times: integer('times').notNull().default(1),
  },
  (t) => [primaryKey({ name: 'company_downloads_pk', columns: [t.company_id, t.version_id, t.platform] })],
);
