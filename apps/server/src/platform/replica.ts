import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './db.ts';

/**
 * Reports read from a PostgreSQL replica when DATABASE_REPLICA_URL is set (issue 16, docs/decisions/0059), so
 * their scans of months of daily rows never compete with the calls that write. One pool per replica address,
 * opened on first use and shared by every app of the process. Each connection starts read-only, so a report
 * that tried to write fails on a replica that is (by mistake) a writable database too.
 */
const pools = new Map<string, { pool: pg.Pool; db: Database }>();

function replicaFor(url: string): Database {
  let open = pools.get(url);
  if (!open) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      options: '-c default_transaction_read_only=on',
      // A process whose replica pool is idle may still exit (tests, scripts that build an app).
      allowExitOnIdle: true,
    });
    // A replica restarting or failing over cuts idle clients; the pool replaces them.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error('replica pool: idle client error', err.message);
    });
    open = { pool, db: drizzlePg({ client: pool }) as unknown as PgDatabase<PgQueryResultHKT> };
    pools.set(url, open);
  }
  return open.db;
}

/**
 * The database reports read from: the replica's pool when `config.DATABASE_REPLICA_URL` is set, the primary
 * (`primary`, usually the call's own database) otherwise. Read-only: what it answers may lag the primary by the
 * replica's delay, so a report must never read here what it has just written on the primary.
 */
export function reportReader(config: { DATABASE_REPLICA_URL?: string | undefined }, primary: Database): Database {
  const url = config.DATABASE_REPLICA_URL;
  if (!url) return primary;
  return replicaFor(url);
}

/** Whether reports read from a replica (the answer's timing and tests say so). */
export function hasReplica(config: { DATABASE_REPLICA_URL?: string | undefined }): boolean {
  return Boolean(config.DATABASE_REPLICA_URL);
}

/** Closes every replica pool; the app calls it when it closes. */
export async function closeReplicaPools(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map(({ pool }) => pool.end()));
}
