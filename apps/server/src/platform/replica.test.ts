import { defineCall } from '@portal/contract/shared/define-call';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_HANDLERS } from '../handlers.ts';
import { createTestDatabase } from '../test/database.ts';
import { TestClient, appWith } from '../test/harness.ts';
import { fixedClock } from './clock.ts';
import type { Database, DatabaseHandle } from './db.ts';
import { handle } from './handle.ts';
import { reportReader } from './replica.ts';

/** A report-like call that says which database it read and whether it could write there. */
const probe = defineCall({
  path: '/api/v1/test/replica_probe',
  summary: 'test',
  input: z.object({}),
  output: z.object({ database: z.string(), read_only: z.string() }),
  access: { public: true },
});

async function whereAmI(db: Database) {
  const result = await db.execute<{ database: string; read_only: string }>(
    sql`select current_database() as database, current_setting('transaction_read_only') as read_only`,
  );
  const rows = (result as unknown as { rows?: { database: string; read_only: string }[] }).rows ?? [];
  return rows[0] ?? { database: '', read_only: '' };
}

const urlOf = (h: DatabaseHandle) => ((h.db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? '') as string;
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('reportReader', () => {
  it('is the primary when no replica is configured', () => {
    const primary = {} as Database;
    expect(reportReader({}, primary)).toBe(primary);
    expect(reportReader({ DATABASE_REPLICA_URL: undefined }, primary)).toBe(primary);
  });
});

describe.runIf(onPostgres)('handle(…, { replica: true }) on PostgreSQL', () => {
  let primary: DatabaseHandle;
  let replica: DatabaseHandle;
  let withReplica: FastifyInstance;
  let without: FastifyInstance;
  const handlers = [...ALL_HANDLERS, handle(probe, async (_input, ctx) => whereAmI(ctx.db), { replica: true })];

  beforeAll(async () => {
    primary = await createTestDatabase();
    replica = await createTestDatabase();
    const t = { db: primary.db, clock: fixedClock(new Date('2026-11-21T00:00:00Z')) };
    withReplica = await appWith(t, { DATABASE_REPLICA_URL: urlOf(replica) }, { handlers });
    without = await appWith(t, {}, { handlers });
  });
  afterAll(async () => {
    await withReplica.close();
    await without.close();
    await replica.close();
    await primary.close();
  });

  it('reads from the replica database, read-only, when DATABASE_REPLICA_URL is set', async () => {
    const answer = await new TestClient(withReplica).post('/api/v1/test/replica_probe', {});
    const replicaName = new URL(urlOf(replica)).pathname.slice(1);
    const primaryName = new URL(urlOf(primary)).pathname.slice(1);
    expect(replicaName).not.toBe(primaryName);
    expect(answer.json().data).toEqual({ database: replicaName, read_only: 'on' });
  });

  it('reads from the primary when it is not set', async () => {
    const answer = await new TestClient(without).post('/api/v1/test/replica_probe', {});
    expect(answer.json().data.database).toBe(new URL(urlOf(primary)).pathname.slice(1));
  });

  it('refuses a write on the replica connection', async () => {
    const reader = reportReader({ DATABASE_REPLICA_URL: urlOf(replica) }, primary.db);
    const refusal = await reader.execute(sql`create table replica_write_probe (n int)`).catch((err: Error) => err);
    // 25006: read_only_sql_transaction (drizzle wraps the driver's error as its cause).
    expect((refusal as Error & { cause?: { code?: string } }).cause?.code).toBe('25006');
  });
});
