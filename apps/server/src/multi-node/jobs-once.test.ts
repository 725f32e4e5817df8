import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { autoPaymentConfigure } from '@portal/contract/payments/auto-payment';
import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { STORAGE_REGION_IDS } from '@portal/contract/storage/storage';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { LocalStorageProvider } from '../domains/storage/provider/local.ts';
import { UTILIZATION_JOB } from '../domains/storage/jobs.ts';
import * as billing from '../domains/billing/service.ts';
import { ALL_JOBS } from '../jobs.ts';
import { fixedClock } from '../platform/clock.ts';
import type { Logger } from '../platform/context.ts';
import { type Database, openDatabase, rowsOf } from '../platform/db.ts';
import { drainJob } from '../platform/scheduler.ts';
import { seedWorld } from '../seed/demo.ts';
import { jobContext } from '../test/context.ts';
import { newTicket } from '../test/factories.ts';
import { ON_POSTGRES, ok, TestClient } from '../test/harness.ts';
import { insertTopupOption } from '../test/rows.ts';
import { type AppNode, cloneDatabase, pick, startNodes, stopNodes } from './cluster.ts';

if (!ON_POSTGRES) {
  console.log('multi-node job suite skipped: PGlite is one process, several app nodes need PostgreSQL (set DATABASE_URL)');
}

const SEEDED_AT = new Date('2026-11-02T06:00:00Z');
/** Four weeks on, a Sunday past 08:00 UTC: trials have ended, days are due for charging, tickets wait, refunds are due. */
const LATER = new Date('2026-11-29T09:00:00Z');
const ROUNDS = 2;
/** Companies with a storage account at the (local) provider, for the storage utilization job to measure. */
const STORAGE_COMPANIES = 8;
/** Customer portals waiting for the provisioner job: being built, and one terminated and being removed. */
const PORTALS_BUILDING = 4;
/** Companies with automatic top-up on, a saved card and a dollar of credit left: the top-up job's work. */
const AUTO_TOPUP_COMPANIES = 2;
/** Companies whose servers reported a device deleted within the customer guarantee window: the refund job's work. */
const REFUND_COMPANIES = 3;
/**
 * Companies suspended for credit and then moved to contract billing by an admin: no payment ends their suspension,
 * so the restore sweep, the safety net beside restore-on-payment (decision 0086), has them to restore.
 */
const CONTRACT_COMPANIES = 2;
/** The sandbox card whose charges go through but whose first answer is lost. */
const TIMEOUT_CARD = '4000000000000259';
/** The jobs the issue names (lifecycle, daily charging, auto top-up, reminders, refunds, utilization): each must find work here. */
const JOBS_WITH_WORK = [
  'expire-trials',
  'finalize-pending-deletes',
  'suspend-out-of-credit',
  'restore-credited-companies',
  'charge-daily',
  // After the charging days: the incremental ledger check (decision 0092).
  'check-ledger',
  'auto-topup',
  'ticket-reminders',
  'new-user-refunds',
  UTILIZATION_JOB,
];

/**
 * On one node at the seeding moment, through the calls a customer makes and billing's own functions: a few
 * companies save a card through the sandbox's hosted page, turn automatic top-up on and are left a dollar of
 * credit (the month's charges then run them out: suspended, topped up, restored), and one of them pays once on a
 * card whose answer is lost (the charge is settled later); a few others' servers report a device that is deleted
 * 20 days later (its charges come back at the next weekly refund).
 */
async function giveMoneyJobsWork(url: string) {
  const clock = fixedClock(SEEDED_AT);
  const [node] = await startNodes(url, 1, { PUBLIC_URL: 'http://portal.test' }, clock);
  if (!node) throw new Error('no node');
  const { db } = node.handle;
  const ctx = jobContext({ app: node.app, db });
  try {
    const option = await insertTopupOption({ db }, { name: '$500 top-up', cost: 50_000, amount: 50_000 });
    // Customers charged for devices, so that their days of credit can be estimated and a device can come back.
    const charged = rowsOf<{ company_id: number; user_id: number; current_state: string }>(
      await db.execute(sql`
        select c.id as company_id, c.current_state, (select min(u.id) from users u where u.company_id = c.id) as user_id
        from companies c
        where c.company_type = 'customer' and c.current_state in ('ACTIVE', 'SUSPENDED', 'PENDING_DELETE')
          and not c.has_contract_billing
          and exists (select 1 from billing_services s where s.company_id = c.id and s.kind = 'device' and s.stopped_at is null)
        order by c.current_state <> 'ACTIVE', c.id`),
    );
    const topping = charged.filter((c) => c.current_state === 'ACTIVE').slice(0, AUTO_TOPUP_COMPANIES);
    const refunded = charged.filter((c) => !topping.includes(c)).slice(0, REFUND_COMPANIES);
    expect([topping.length, refunded.length]).toEqual([AUTO_TOPUP_COMPANIES, REFUND_COMPANIES]);
    for (const { company_id, user_id } of topping) {
      await db.execute(
        sql`update companies set phone_number = '+64 9 555 0100', street_address = '1 Queen Street', city = 'Auckland', postal_code = '1010' where id = ${company_id}`,
      );
      const client = await new TestClient(node.app).useSession(db, clock, Number(user_id));
      const saveCard = async (number: string) => {
        const started = ok(await client.call(authorizePaymentMethod, {})).data;
        await node.app.inject({
          method: 'POST',
          url: '/sandbox-gateway/card/enter',
          payload: { session: started.session, number, expiry: '12/30', cvc: '123', name: 'Casey Customer' },
        });
        const saved = ok(await client.call(completePaymentMethod, { session: started.session })).data.card;
        if (!saved) throw new Error('card not saved');
        return saved.id;
      };
      await saveCard('4242424242424242');
      ok(await client.call(autoPaymentConfigure, { topup_option_id: option.id, auto_rebill_days_remaining: 14 }));
      if (company_id === topping[0]?.company_id) {
        // Paid once on a card whose gateway answer is lost, and the page never came back: the settling job's work.
        const slowCard = await saveCard(TIMEOUT_CARD);
        const paid = await client.call(chargePaymentMethod, {
          target_topup_id: option.id,
          target_card_id: slowCard,
          idempotency_key: 'jobs-once-1',
        });
        expect(paid.code).toBe(504);
      }
      const packs = rowsOf<{ id: number }>(
        await db.execute(sql`select id from credit_packs where company_id = ${company_id} and expired_at is null and amount_used < amount`),
      );
      for (const { id } of packs) await billing.expireCreditPack(ctx, { packId: Number(id) });
      await billing.addCredit(ctx, { company_id, name: 'A dollar', amount: 100, source: 'admin', added_by_user: 'jobs-once' });
    }
    const contract = charged.filter((c) => c.current_state !== 'PENDING_DELETE' && !topping.includes(c) && !refunded.includes(c));
    expect(contract.length).toBeGreaterThanOrEqual(CONTRACT_COMPANIES);
    for (const { company_id } of contract.slice(0, CONTRACT_COMPANIES)) {
      // As the out-of-credit sweep leaves a company, then an admin's edit turns contract billing on.
      await db.execute(
        sql`update companies set current_state = 'SUSPENDED', current_state_applied_at = ${SEEDED_AT.toISOString()}::timestamptz, has_contract_billing = true where id = ${company_id}`,
      );
      await db.execute(sql`update billing_accounts set suspended_for_credit = true where company_id = ${company_id}`);
    }
    const deletedAt = new Date(SEEDED_AT.getTime() + 20 * 24 * 3_600_000);
    for (const { company_id } of refunded) {
      await billing.deviceSeen(ctx, { company_id, device_key: `jobs-once-${company_id}`, username: 'leaver', at: SEEDED_AT });
      expect(await billing.deviceRemoved(ctx, { company_id, device_key: `jobs-once-${company_id}`, at: deletedAt })).toBe(true);
    }
  } finally {
    await stopNodes([node]);
  }
}

/**
 * What the jobs leave behind, compared between two copies of one database: each table's row count and the
 * sum of each of its numeric columns that is not an id (ids are handed out in whatever order the nodes
 * insert), and how many rows are in each state. A job that did its work twice leaves a row or an amount more.
 */
async function outcome(db: Database): Promise<Record<string, string>> {
  const cols = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    await db.execute(sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and ((c.data_type in ('integer', 'bigint', 'numeric', 'smallint')
        and c.column_name <> 'id' and c.column_name not like '%\\_id' and c.column_name not in ('attempts'))
        or (c.data_type in ('text', 'USER-DEFINED') and c.column_name in ('current_state', 'state', 'status')))
    order by 1, 2`),
  );
  // scheduled_jobs records each job's latest run, which on three nodes is often one that found the work done.
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('request_log', 'rate_limit_counters', 'scheduled_jobs') order by 1`,
    ),
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    // Numbers are summed; states are tallied (how many rows are in each).
    const sums = cols
      .filter((c) => c.table_name === table_name)
      .map((c) =>
        c.data_type !== 'integer' && c.data_type !== 'bigint' && c.data_type !== 'numeric' && c.data_type !== 'smallint'
          ? `(select string_agg(v::text || ':' || n, ',' order by v) from (select "${c.column_name}" v, count(*) n from "${table_name}" group by 1) s)`
          : `coalesce(sum("${c.column_name}"), 0)::text`,
      );
    const [r] = rowsOf<{ v: string }>(
      await db.execute(sql.raw(`select concat_ws(' ', count(*)::text, ${sums.join(', ') || "''"}) as v from "${table_name}"`)),
    );
    out[table_name] = r?.v ?? '';
  }
  return out;
}

/**
 * Every job, drained on each node at the same moment, round after round as the scheduler's ticks would;
 * the rows each job handled, over all nodes (a row taken twice counts twice), and the jobs that failed.
 */
async function runAllJobs(nodes: AppNode[]) {
  const handled: Record<string, number> = {};
  const failed: string[] = [];
  const log: Logger = {
    info: (d) => {
      const { job, handled: n } = d as { job: string; handled: number };
      handled[job] = (handled[job] ?? 0) + n;
    },
    warn: () => {},
    error: (d) => failed.push((d as { job: string }).job),
  };
  // One job at a time, in the list's order, so that both copies see the jobs in the same order (which job
  // goes first changes what the next finds due); each job runs on every node at the same moment.
  for (let round = 0; round < ROUNDS; round++) {
    for (const job of ALL_JOBS) await Promise.all(nodes.map((n) => drainJob(n.app.deps, job, log, () => {})));
  }
  return { handled, failed };
}

describe.skipIf(!ON_POSTGRES)('every scheduled job run on three nodes at once does its work once', () => {
  let seeded: Awaited<ReturnType<typeof cloneDatabase>>;
  let single: Awaited<ReturnType<typeof cloneDatabase>>;
  let many: Awaited<ReturnType<typeof cloneDatabase>>;
  /** The local storage provider's directory (its account records and objects), shared by every node as a deployment's provider is. */
  let storageDir: string;
  /** Storage accounts the demo world made itself, measured by the job beside the test's own. */
  let seededAccounts = 0;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'jobs-once-storage-'));
    seeded = await cloneDatabase();
    const handle = await openDatabase({ url: seeded.url });
    // The demo world's own storage account (Acme Dental's) lives in the same provider directory.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', STORAGE_LOCAL_DIR: storageDir });
    await seedWorld(handle.db, fixedClock(SEEDED_AT), { companies: 40, config });
    seededAccounts = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from storage_accounts`))[0]?.n ?? 0;
    // Open tickets whose reminder falls due in the meantime (the demo world's have none set).
    const companies = await handle.db.execute(
      sql`select id from companies where company_type = 'customer' and current_state = 'ACTIVE' order by id limit 15`,
    );
    for (const { id } of rowsOf<{ id: number }>(companies)) await newTicket(handle.db, SEEDED_AT, id);
    await handle.db.execute(sql`update tickets set remind_at = ${SEEDED_AT.toISOString()}::timestamptz + interval '1 day' where open`);
    // Storage accounts, each with a bucket at the provider, never measured yet: the utilization job's work.
    const provider = new LocalStorageProvider({
      directory: storageDir,
      host: '127.0.0.1',
      port: 0,
      publicEndpoint: '',
      regions: STORAGE_REGION_IDS,
    });
    const stored = await handle.db.execute(
      sql`select id from companies c where company_type = 'customer' and current_state = 'ACTIVE'
          and not exists (select 1 from storage_accounts s where s.company_id = c.id) order by id desc limit ${STORAGE_COMPANIES}`,
    );
    for (const { id } of rowsOf<{ id: number }>(stored)) {
      const account = await provider.createAccount(`company ${id}`);
      await provider.createBucket(account.accountId, { name: `jobs-once-${id}`, region: STORAGE_REGION_IDS[0], objectLock: false });
      await handle.db.execute(sql`
        insert into storage_accounts (company_id, provider, provider_account_id, access_key, secret_key, created_at)
        values (${id}, 'local', ${account.accountId}, ${account.keys.accessKey}, ${account.keys.secretKey}, ${SEEDED_AT.toISOString()}::timestamptz)`);
    }
    await provider.close();
    // Customer portals the provisioner job has to build (start, then check until ready and billed) and one to remove.
    const portals = await handle.db.execute(
      sql`select id from companies where company_type = 'customer' and current_state = 'ACTIVE' order by id limit ${PORTALS_BUILDING + 1}`,
    );
    for (const [i, { id }] of rowsOf<{ id: number }>(portals).entries()) {
      const removing = i === PORTALS_BUILDING;
      await handle.db.execute(sql`
        insert into customer_portals (company_id, state, created_at, terminated_at)
        values (${id}, ${removing ? 'removing' : 'provisioning'}, ${SEEDED_AT.toISOString()}::timestamptz,
          ${removing ? SEEDED_AT.toISOString() : null}::timestamptz)`);
    }
    await handle.close();
    await giveMoneyJobsWork(seeded.url);
    // Two copies of the same seeded world: one for one node, one for three.
    single = await cloneDatabase(seeded.name);
    many = await cloneDatabase(seeded.name);
  }, 300_000);
  afterAll(async () => {
    for (const d of [many, single, seeded]) await d?.drop();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('leaves the same rows and amounts as one node running them alone', async () => {
    // The local portal provisioner builds and removes at once, so a round's batches take a portal all the way.
    const env = { STORAGE_LOCAL_DIR: storageDir, CLOUDVIEW_PROVISION_SECONDS: '0', CLOUDVIEW_DELETE_SECONDS: '0' };
    const one = await startNodes(single.url, 1, env, fixedClock(LATER));
    const before = await outcome(pick(one, 0).handle.db);
    const oneRun = await runAllJobs(one);
    const alone = await outcome(pick(one, 0).handle.db);
    await stopNodes(one);

    const three = await startNodes(many.url, 3, env, fixedClock(LATER));
    const threeRun = await runAllJobs(three);
    const together = await outcome(pick(three, 0).handle.db);
    await stopNodes(three);

    // The jobs had work to do: charges, suspensions, reminders and mail among it.
    const changed = Object.keys(alone).filter((t) => alone[t] !== before[t]);
    console.log(`rows each job handled: ${JSON.stringify(oneRun.handled)}; tables changed: ${changed.join(', ')}`);
    expect(changed.length).toBeGreaterThan(3);
    for (const job of JOBS_WITH_WORK) expect(oneRun.handled[job] ?? 0, `rows ${job} handled`).toBeGreaterThan(0);
    // One top-up bought per company (one card charge each), which brought the suspended ones back in the payment's own
    // transaction; the sweep restored only the companies no payment could (contract billing); each deleted device refunded.
    const count = (o: Record<string, string>, table: string) => Number(o[table]?.split(' ')[0]);
    expect(count(alone, 'card_transactions') - count(before, 'card_transactions')).toBe(AUTO_TOPUP_COMPANIES);
    expect(oneRun.handled['restore-credited-companies']).toBe(CONTRACT_COMPANIES);
    expect(oneRun.handled['new-user-refunds']).toBe(REFUND_COMPANIES);
    // The pay-once charge whose page never came back was settled once (decision 0071).
    expect(oneRun.handled['settle-abandoned-charges']).toBe(1);
    // Every account measured once, into the day's rows (one per company and region) and billing's daily figures.
    expect(oneRun.handled[UTILIZATION_JOB]).toBe(STORAGE_COMPANIES + seededAccounts);
    expect(count(alone, 'storage_utilization') - count(before, 'storage_utilization')).toBe(STORAGE_COMPANIES + seededAccounts);
    // Every portal moved on: each build started, checked and handed over (or failed) once, the removal done once.
    // Each build started once and checked once (ready, billed), the removal started and checked once.
    expect(oneRun.handled['customer-portal-provisioner']).toBe(2 * PORTALS_BUILDING + 2);
    expect(alone.customer_portals).toContain(`ready:${PORTALS_BUILDING},removed:1`);
    expect({ failed: threeRun.failed, handled: threeRun.handled }).toEqual({ failed: oneRun.failed, handled: oneRun.handled });
    expect(together).toEqual(alone);
  }, 600_000);
});
