import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase, openPglite } from '../platform/db.ts';
import * as schema from '../schema.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `portal_t${randomBytes(4).toString('hex')}_${process.ppid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const handle = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
  return openDatabase({ pglite: await openPglite(undefined, dump) });
}

/**
 * The same database as `db` through a handle that tells `onStatement` of each statement as it starts, with its
 * parameters: for a test that checks which statements a call runs, and in what order with its answer.
 */
export function statementsOf(db: Database, onStatement: (text: string, params: unknown[]) => void): Database {
  const client = (db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: onStatement };
  if (client instanceof pg.Pool) return drizzlePg({ client, logger }) as unknown as Database;
  return drizzlePglite({ client: client as PGlite, logger }) as unknown as Database;
}

/** Cuts off every connection of this database that listens on the channel, as a failover or a network fault would. */
export async function endListeners(handle: DatabaseHandle, channel: string): Promise<number> {
  const result = await handle.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN "${channel}"`}`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}

const TABLES = (Object.values(schema) as unknown[]).filter((t): t is PgTable => t instanceof PgTable);

/** One statement for every table: a round trip per table made this the slowest part of the generated suites. */
const FINGERPRINT_SQL = TABLES.map(getTableName)
  .filter((name) => name !== 'request_log' && name !== 'rate_limit_counters')
  .map((name) => `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${name}" t`)
  .join(' union all ');

/**
 * A hash of every table's contents (the request log and the rate limit's counters excepted: they record
 * refused calls too).
 * Two equal fingerprints mean a call wrote nothing.
 */
export async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const result = await handle.db.execute<{ name: string; h: string }>(sql.raw(FINGERPRINT_SQL));
  const rows = (result as unknown as { rows?: { name: string; h: string }[] }).rows ?? (result as unknown as { name: string; h: string }[]);
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

/**
 * The next transaction id the database will hand out. Every committed write takes one, so when the mark
 * is the same after a call, the call wrote nothing, and the much dearer fingerprint can be skipped. (It
 * moves for other reasons too: the request log's batches, or other databases on a shared server; then
 * compare fingerprints.)
 */
export async function writeMark(handle: DatabaseHandle): Promise<string> {
  const result = await handle.db.execute<{ x: string }>(sql.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as x'));
  const rows = (result as unknown as { rows?: { x: string }[] }).rows ?? (result as unknown as { x: string }[]);
  return rows[0]?.x ?? '';
}
