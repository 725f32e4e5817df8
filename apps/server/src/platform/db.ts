import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';

/**
 * A database handle or an open transaction; services take either. It knows no tables: each domain
 * imports its own (the app's schema.ts lists them all for drizzle-kit).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The rows of db.execute: both drivers (node-postgres and PGlite) answer { rows }. */
export const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when a URL is given, the embedded PGlite database otherwise, and applies the migrations it
 * lacks. With `migrate: false` (a production node: `npm run migrate` is the deploy's step, decision 0077) it
 * applies none and refuses to open a database that lacks any, rather than fail on a missing column later.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; pglite?: PGlite; migrate?: boolean }): Promise<DatabaseHandle> {
  const migrate = opts.migrate ?? true;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 });
    // An idle client can be cut off (server restart, failover); the pool replaces it. Without a
    // listener, node-postgres would turn that into an uncaught exception.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error('database pool: idle client error', err.message);
    });
    const db = drizzlePg({ client: pool }) as unknown as Database;
    try {
      if (migrate) await migrateUnderLock(pool);
      else await refuseMissingMigrations((text) => pool.query(text));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = opts.pglite ?? (await openPglite(opts.dataDir));
  const pgliteDb = drizzlePglite({ client });
  if (migrate) await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  else await refuseMissingMigrations((text) => client.query(text));
  return { db: pgliteDb as unknown as Database, kind: 'pglite', close: () => client.close() };
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * The migrations in the folder that the database has not applied. Drizzle's migrator records each applied one
 * with its journal time as `created_at` and applies those newer than the latest recorded: the same rule here.
 */
async function missingMigrations(query: Query): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  let latest = -1;
  try {
    const { rows } = await query('select max(created_at)::text as latest from drizzle.__drizzle_migrations');
    latest = Number((rows[0] as { latest: string | null } | undefined)?.latest ?? -1);
  } catch (err) {
    // 42P01 / 3F000: no migration table or schema yet, so none is applied.
    if (!['42P01', '3F000'].includes((err as { code?: string }).code ?? '')) throw err;
  }
  return journal.entries.filter((entry) => entry.when > latest).map((entry) => entry.tag);
}

async function refuseMissingMigrations(query: Query): Promise<void> {
  const missing = await missingMigrations(query);
  if (missing.length) {
    throw new Error(
      `The database lacks ${missing.length} migration(s), from ${missing[0]}: run \`npm run migrate\` (the deploy's step, docs/deployment.md) before starting the nodes, or set MIGRATE_ON_START=true`,
    );
  }
}

/**
 * A pool of its own on the same PostgreSQL database as `db`, for a part that stands for an outside system
 * (the sandbox card processor): its writes must never wait for a connection the calls hold while they wait
 * for it, or enough calls at once stall the app. Null on PGlite, which has one connection.
 */
export function separatePool(db: Database, max: number): DatabaseHandle | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  const pool = new pg.Pool({ ...client.options, max });
  pool.on('error', (err: Error) => console.error('database pool: idle client error', err.message));
  return { db: drizzlePg({ client: pool }) as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

/**
 * A statement prepared once per database handle, for the lookups hot enough that building their SQL on every
 * call shows in its time (a session, a token, a company, a list page). A transaction is a handle of its own,
 * so it prepares its own; PostgreSQL parses a named statement once per connection either way.
 */
export function preparedPerHandle<P>(prepare: (db: Database) => P): (db: Database) => P {
  const prepared = new WeakMap<Database, P>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** preparedPerHandle for a statement with variants (an order, a direction, a tab): one prepared statement each. */
export function preparedVariants<V extends (string | boolean)[], P>(
  prepare: (db: Database, ...variant: V) => P,
): (db: Database, ...variant: V) => P {
  const variantsOf = preparedPerHandle(() => new Map<string, P>());
  return (db, ...variant) => {
    const variants = variantsOf(db);
    const key = variant.join(':');
    let statement = variants.get(key);
    if (statement === undefined) {
      statement = prepare(db, ...variant);
      variants.set(key, statement);
    }
    return statement;
  };
}

/** Any fixed number: the key of the advisory lock every node and `npm run migrate` take to migrate. */
export const MIGRATION_LOCK = 5_200_052;

/**
 * Applies the migrations not yet applied while holding a session advisory lock, so nodes started together
 * (or a deploy's `npm run migrate` beside a starting node) migrate one after another: the first applies
 * them, the others wait and then find nothing left to do (docs/decisions/0052).
 */
export async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    holder.release();
  }
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}
