import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, openPglite } from '../platform/db.ts';
import * as schema from '../platform/schema.ts';
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

const TABLES = (Object.values(schema) as unknown[]).filter((t): t is PgTable => t instanceof PgTable);

/**
 * A hash of every table's contents (the request log excepted: it records refused calls too).
 * Two equal fingerprints mean a call wrote nothing.
 */
export async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const name = getTableName(table);
    if (name === 'request_log') continue;
    const result = await handle.db.execute<{ h: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${name}" t`),
    );
    const rows = (result as unknown as { rows?: { h: string | null }[] }).rows ?? (result as unknown as { h: string | null }[]);
    out[name] = rows[0]?.h ?? '';
  }
  return out;
}
