import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../../apps/server/src/domains/tenancy/service.ts';
import * as users from '../../apps/server/src/domains/users/service.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { type Database, openDatabase } from '../../apps/server/src/platform/db.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/seed/demo.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The benchmark only ever talks to this machine. */
export function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`${what} must point at a loopback address, not ${host}`);
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name "${name}" in DATABASE_URL`);
  return name;
}

/** The same server and user, another database: where CREATE/DROP DATABASE are issued from. */
export function adminUrlFor(url: string, adminDatabase: string): string {
  const u = new URL(url);
  u.pathname = `/${adminDatabase}`;
  return u.toString();
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Companies in the database, or null when the database does not exist; 0 when it has no schema yet. */
async function companyCount(url: string): Promise<number | null> {
  try {
    return await withClient(url, async (c) => {
      const { rows } = await c.query<{ t: string | null }>(`select to_regclass('public.companies')::text as t`);
      if (!rows[0]?.t) return 0;
      const count = await c.query<{ n: number }>('select count(*)::int as n from companies');
      return count.rows[0]?.n ?? 0;
    });
  } catch (err) {
    if ((err as { code?: string }).code === '3D000') return null; // invalid_catalog_name: no such database
    throw err;
  }
}

async function seed(url: string, companies: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const handle = await openDatabase({ url });
  try {
    await seedDemoIfEmpty(handle.db, systemClock, {
      companies,
      onProgress: (done) => {
        if (done % 20_000 === 0 || done === companies) log(`  seeded ${done} companies`);
      },
    });
  } finally {
    await handle.close();
  }
  log(`  seeding took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Makes sure the database exists and holds exactly `companies` companies of the demo world.
 * A database with that count is reused as it is; an empty or missing one is seeded; one with
 * another count (say an interrupted seed) is dropped and recreated, but only when its name
 * says it belongs to the benchmark.
 */
export async function ensureSeeded(
  url: string,
  adminUrl: string,
  companies: number,
  log: (line: string) => void,
): Promise<'reused' | 'seeded'> {
  const name = databaseName(url);
  let count = await companyCount(url);
  if (count === companies) {
    // A reused database still gets the migrations added since it was seeded.
    await (await openDatabase({ url })).close();
    return 'reused';
  }
  if (count !== null && count !== 0) {
    if (!name.includes('bench')) {
      throw new Error(`Database ${name} has ${count} companies, not ${companies}; refusing to drop a database whose name lacks "bench"`);
    }
    log(`Database ${name} has ${count} companies, not ${companies}: dropping and recreating it`);
    await withClient(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    count = null;
  }
  if (count === null) {
    log(`Creating database ${name}`);
    await withClient(adminUrl, (c) => c.query(`create database "${name}"`));
  }
  log(`Seeding ${companies} companies into ${name} (once; later runs reuse it)`);
  await seed(url, companies, log);
  return 'seeded';
}

/**
 * Empties request_log, which every signed-in call appends to, so runs start alike; only in a
 * database whose name says it belongs to the benchmark.
 */
/** Drops and creates the database a benchmark builds its world in; only one whose name says "bench". */
export async function recreateBenchDatabase(url: string, adminUrl: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench')) throw new Error(`refusing to rebuild ${name}: its name lacks "bench"`);
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
}

export async function resetRequestLog(url: string): Promise<boolean> {
  if (!databaseName(url).includes('bench')) return false;
  await withClient(url, (c) => c.query('truncate request_log'));
  return true;
}

/** Fresh planner statistics and visibility map, so plans and index-only scans do not depend on autovacuum timing. */
export async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, (c) => c.query('vacuum (analyze) companies, users'));
}

export async function serverVersion(url: string): Promise<string> {
  return withClient(
    url,
    async (c) => (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? 'unknown',
  );
}

/** A staff company with one admin who signs in with `password`: what a benchmark of admin-only calls signs in as. */
export async function createBenchAdmin(
  db: Database,
  o: { company_name: string; email: string; password: string; created_at: Date },
): Promise<void> {
  const [staff] = await tenancy.createCompanies(
    { db },
    { rows: [{ company_name: o.company_name, company_type: 'admin', created_at: o.created_at }] },
  );
  if (!staff) throw new Error('no admin company');
  await users.createUsers(
    { db },
    {
      rows: [
        {
          company_id: staff.id,
          email: o.email,
          contact_name: 'Bench Admin',
          is_primary_contact: true,
          staff_role: 'admin',
          password_hash: await hashPassword(o.password),
        },
      ],
    },
  );
}
