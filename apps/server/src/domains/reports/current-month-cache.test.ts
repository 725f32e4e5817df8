import { CURRENT_MONTH_WIDGET_IDS, currentMonth } from '@portal/contract/reports/current-month';
import type { CallInput } from '@portal/contract/shared/define-call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db.ts';
import { jobContext } from '../../test/context.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type TestContext, TestClient, appWith, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { setCompany } from '../../test/rows.ts';
import { REGENERATE_AFTER_MS, cacheState, readWidget, regenerateWidgetsJob } from './current-month/service.ts';

/**
 * The widget cache (decision 0059): a request reads the cached answer; a miss computes and stores it once;
 * refresh=1 computes it again; the job keeps every widget no older than REGENERATE_AFTER_MS; regenerations of a
 * widget take turns, and one that waited while another regenerated answers that work instead of repeating it.
 * Signups are the figure moved here: each new company created today is one more this month.
 */
let t: TestContext;
let admin: TestClient;

const signup = async (name: string) => {
  const { company } = await newCompany(t.db, { company_name: name, current_state: 'ACTIVE' });
  await setCompany(t, company.id, { created_at: t.clock.now() });
};
const thisMonth = (answer: { data: { id: string; rows?: unknown } }) => {
  const rows = (answer.data as { rows: { signups: number }[] }).rows;
  return rows.at(-1)?.signups;
};
const call = async (input: CallInput<typeof currentMonth>) => ok(await admin.call(currentMonth, input)).data;
const generationOf = async (db: Database, id: string) => (await cacheState(db)).find((r) => r.widget_id === id)?.generation ?? 0;

beforeAll(async () => {
  t = await createTestContext();
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
  admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
});
afterAll(async () => {
  await t?.close();
});

describe('the Current Month widget cache', () => {
  it('computes a missing widget once, then answers from the cache until refresh=1', async () => {
    await signup('First');
    const first = await call({ id: 'admin_signup_by_month' });
    expect(first).toMatchObject({ cached_at: t.clock.now().toISOString(), refreshable: true });
    expect(thisMonth(first)).toBe(1);
    expect(await generationOf(t.db, 'admin_signup_by_month')).toBe(1);

    await signup('Second');
    t.clock.advance(60_000);
    const cached = await call({ id: 'admin_signup_by_month' });
    expect(cached).toEqual(first);

    const refreshed = await call({ id: 'admin_signup_by_month', refresh: true });
    expect(thisMonth(refreshed)).toBe(2);
    expect(refreshed.cached_at).toBe(t.clock.now().toISOString());
    expect(await generationOf(t.db, 'admin_signup_by_month')).toBe(2);
  });

  it('keeps one answer per parameter set for the engagement funnel', async () => {
    const all = await call({ id: 'admin_signup_engagement', start_time: '2026-11-01' });
    const direct = await call({ id: 'admin_signup_engagement', start_time: '2026-11-01', filter: 'distributors' });
    expect(all.data).toMatchObject({ filter: 'all', signed_up: 2 });
    expect(direct.data).toMatchObject({ filter: 'distributors', signed_up: 0 });
    const keys = (await cacheState(t.db)).filter((r) => r.widget_id === 'admin_signup_engagement').map((r) => r.params);
    expect(keys).toEqual(expect.arrayContaining(['start_time=2026-11-01&filter=all', 'start_time=2026-11-01&filter=distributors']));
  });

  it('the job regenerates every widget, then only those older than REGENERATE_AFTER_MS', async () => {
    t.clock.advance(REGENERATE_AFTER_MS);
    expect(await regenerateWidgetsJob(jobContext(t))).toBe(CURRENT_MONTH_WIDGET_IDS.length);
    expect(await regenerateWidgetsJob(jobContext(t))).toBe(0);
    await signup('Third');
    // A request between the job's runs reads what the job made: no scan on the request path.
    expect(thisMonth(await call({ id: 'admin_signup_by_month' }))).toBe(2);
    t.clock.advance(REGENERATE_AFTER_MS);
    expect(await regenerateWidgetsJob(jobContext(t))).toBe(CURRENT_MONTH_WIDGET_IDS.length);
    expect(thisMonth(await call({ id: 'admin_signup_by_month' }))).toBe(3);
    for (const row of await cacheState(t.db)) expect(row.generation_ms).toBeGreaterThanOrEqual(0);
  });

  it('reads id and refresh=1 from the query string as the spec writes them', async () => {
    const viaQuery = async (query: string) => (await admin.post(`${currentMonth.path}?${query}`, undefined)).json();
    const cached = await viaQuery('id=admin_signup_by_month');
    expect(cached).toMatchObject({ status: 'ok', data: { data: { id: 'admin_signup_by_month' } } });
    await signup('By query');
    t.clock.advance(60_000);
    expect(await viaQuery('id=admin_signup_by_month')).toEqual(cached);
    const refreshed = await viaQuery('id=admin_signup_by_month&refresh=1');
    expect(refreshed.data.cached_at).toBe(t.clock.now().toISOString());
    expect(thisMonth(refreshed.data)).toBe((thisMonth(cached.data) ?? 0) + 1);
  });

  it('refuses anyone but an admin', async () => {
    const { user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const customer = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    const refused = await customer.call(currentMonth, { id: 'admin_monthly_totals' });
    expect(refused.status).toBe('error');
    expect(refused.code).toBe(403);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('regenerations take turns (PostgreSQL)', () => {
  it('a refresh that waited while another regenerated answers that work instead of repeating it', async () => {
    const ctx = jobContext(t);
    const before = await generationOf(t.db, 'admin_signup_by_month');
    let waiting: Promise<unknown> = Promise.resolve();
    const held = await t.db.transaction(async (tx) => {
      // This regeneration holds the row until its transaction commits.
      const mine = await readWidget({ ...ctx, db: tx as unknown as Database }, 'admin_signup_by_month', {}, { refresh: true });
      // Meanwhile a signup lands and a second refresh starts: it must wait for the row.
      await signup('During');
      t.clock.advance(1000);
      waiting = readWidget(ctx, 'admin_signup_by_month', {}, { refresh: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return mine;
    });
    const second = (await waiting) as typeof held;
    expect(await generationOf(t.db, 'admin_signup_by_month')).toBe(before + 1);
    expect(second).toEqual(held);
    // A refresh after both sees the signup.
    const later = await readWidget(ctx, 'admin_signup_by_month', {}, { refresh: true });
    expect(thisMonth(later)).toBe((thisMonth(held) ?? 0) + 1);
  });

  it('computes on the read replica when DATABASE_REPLICA_URL is set, and keeps the answer on the primary', async () => {
    // The "replica" is a second database with no companies at all: figures computed there count none.
    const replica = await createTestDatabase();
    const url = (replica.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const app = await appWith(t, { DATABASE_REPLICA_URL: url });
    try {
      const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
      const viaReplica = await new TestClient(app).useSession(t.db, t.clock, staff.user.id);
      const answer = ok(await viaReplica.call(currentMonth, { id: 'admin_signup_by_month', refresh: true })).data;
      expect(thisMonth(answer)).toBe(0);
      // Stored on the primary: the app without a replica now answers the same from its cache.
      expect(await call({ id: 'admin_signup_by_month' })).toEqual(answer);
      expect(await readWidget(jobContext(t), 'admin_signup_by_month', {}, { refresh: true }).then(thisMonth)).toBeGreaterThan(0);
    } finally {
      await app.close();
      await replica.close();
    }
  });
});
