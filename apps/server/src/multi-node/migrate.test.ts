import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES } from '../test/harness.ts';
import { withDatabase } from '../test/global-setup.ts';
import fs from 'node:fs';
import { MIGRATIONS_DIR } from '../paths.ts';
import { randomBytes } from 'node:crypto';

if (!ON_POSTGRES) console.log('npm run migrate race skipped: it is about PostgreSQL nodes starting together (set DATABASE_URL)');

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run migrate`'s script as a deploy step does: its own process, only DATABASE_URL given. */
function runMigrate(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, DATABASE_URL: url },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!ON_POSTGRES)('npm run migrate', () => {
  const name = `portal_t${randomBytes(4).toString('hex')}_${process.ppid}`;
  const url = ON_POSTGRES ? withDatabase(process.env.DATABASE_URL ?? '', name) : '';
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });

  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('run three times at the same moment on an empty database: all succeed, each migration is applied once', async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const runs = await Promise.all([runMigrate(url), runMigrate(url), runMigrate(url)]);
    for (const run of runs)
      expect(run, run.output).toMatchObject({ code: 0, output: expect.stringContaining('Migrations applied (PostgreSQL)') });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const applied = await db.query<{ n: string }>('select count(*)::text as n from drizzle.__drizzle_migrations');
    // The rate limit's counters exist, unlogged: a hit must not wait for a WAL flush (migration 0036).
    const counters = await db.query<{ persistence: string }>(
      "select relpersistence as persistence from pg_class where relname = 'rate_limit_counters' and relkind = 'r'",
    );
    await db.end();
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect({ applied: Number(applied.rows[0]?.n), counters: counters.rows.map((r) => r.persistence) }).toEqual({
      applied: journal.entries.length,
      counters: ['u'],
    });
  }, 180_000);
});
