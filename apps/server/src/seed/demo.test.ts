import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { listDownloads } from '@portal/contract/downloads/downloads';
import { autoPaymentPage } from '@portal/contract/payments/auto-payment';
import { adminListPromoCodes } from '@portal/contract/payments/promo-codes';
import { listTopups } from '@portal/contract/payments/topup-options';
import { listTransactions } from '@portal/contract/payments/transactions';
import { licenseCheckIn, userMyServersTable } from '@portal/contract/servers/server-tables';
import { balanceHistory, creditSummary } from '@portal/contract/billing/summary';
import { adminTicketsViewPage } from '@portal/contract/tickets/ticket-view';
import { storageUsageGet } from '@portal/contract/storage/usage';
import { getDistributorCommission } from '@portal/contract/reports/distributor-usage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as billing from '../domains/billing/service.ts';
import { expireTrials, finalizePendingDeletes, restoreCreditedCompanies, suspendOutOfCredit } from '../domains/companies/lifecycle.ts';
import { countCompanies } from '../domains/tenancy/service.ts';
import * as users from '../domains/users/service.ts';
import { newTicket } from '../test/factories.ts';
import { jobContext } from '../test/context.ts';
import { ok, TestClient, type TestContext, createTestContext } from '../test/harness.ts';
import {
  billingAccountRow,
  cardTransactionsOf,
  creditPacksOf,
  hostedRowsOf,
  ledgerRowsOf,
  servicesOf,
  storageAccountsOf,
} from '../test/rows.ts';
import { DEMO_PROMO_CODE, RELEASES, TOPUP_OPTIONS } from './catalogue.ts';
import { CHURNED } from './churn-history.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { DEMO_COMPANIES, DEMO_LOGINS, DEMO_PASSWORD, type DemoCompany } from './demo-world.ts';

/** One world for the file: telling its story is the slow part (seed/story.ts). */
let t: TestContext;
let admin: TestClient;
const ALL_STATES = ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'] as const;
const CUSTOMERS = [...DEMO_COMPANIES, ...CHURNED].filter((c) => c.company_type === 'customer');

beforeAll(async () => {
  t = await createTestContext();
  expect(await seedDemoIfEmpty(t.db, t.clock, { companies: 150, config: t.app.deps.config })).toBe(true);
  admin = new TestClient(t.app);
  await admin.login('admin@example.com', DEMO_PASSWORD);
}, 900_000);
afterAll(() => t.close());

/** The company the story made for a demo entry, in the state it ended in. */
async function companyOf(demo: DemoCompany) {
  const res = ok(await admin.call(adminCompanyList, { target_search_query: demo.company_name, target_company_states: [...ALL_STATES] }));
  return res.data.rows.filter((r) => r.company_name === demo.company_name);
}

async function companyIdOf(email: string): Promise<number> {
  const user = await users.findActiveUserByEmail(t, { email });
  return user?.company_id ?? 0;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function signedIn(email: string) {
  const client = new TestClient(t.app);
  await client.login(email, DEMO_PASSWORD);
  return client;
}

describe('the demo world, made by the product', () => {
  it('seeds once, at the size asked, and every README login works with its role', async () => {
    expect(await seedDemoIfEmpty(t.db, t.clock, { companies: 150 })).toBe(false);
    expect(await countCompanies(t)).toBe(150 + 2); // the migrated companies' self-managed copies
    for (const [email, role] of DEMO_LOGINS) {
      const res = await new TestClient(t.app).login(email, DEMO_PASSWORD);
      const type = (res.data as { type: string } | null)?.type;
      expect(type, `${email}: ${JSON.stringify(res)}`).toBe(role.includes('pending') ? 'reactivate_account' : 'ok');
    }
  });

  it('leaves every hand-made and churned company in the state its story leads to', async () => {
    for (const demo of [...DEMO_COMPANIES, ...CHURNED]) {
      const states = (await companyOf(demo)).map((r) => r.current_state);
      expect(states, demo.company_name).toContain(demo.state);
    }
    for (const name of ['Southern', 'Northwind']) {
      const res = ok(await admin.call(adminCompanyList, { target_search_query: name, target_company_states: [...ALL_STATES] }));
      for (const state of ALL_STATES) expect(res.data.count_in_state[state], `${name} ${state}`).toBeGreaterThan(0);
    }
  });

  it('offers what a journey needs: top-ups, an automatic top-up plan, a promo code, installers, storage history and a console', async () => {
    const customer = await signedIn('customer@example.com');
    const topups = ok(await customer.call(listTopups, {})).data;
    expect(topups.options.map((o) => o.name)).toEqual(expect.arrayContaining(TOPUP_OPTIONS.map((o) => o.name)));
    const auto = ok(await customer.call(autoPaymentPage, {})).data;
    expect(auto.auto_topup_enabled).toBe(true);
    expect(auto.auto_topup_plan_name).toMatch(/top-up/);
    expect(auto.has_card).toBe(true);

    const promos = ok(await admin.call(adminListPromoCodes, { page: 1, page_size: 20 })).data.rows;
    expect(promos.find((p) => p.promo_key === DEMO_PROMO_CODE.promo_key)?.redemptions).toBe(0);

    const versions = ok(await customer.call(listDownloads, { page: 1, page_size: 20, target_search_query: '' })).data.rows;
    expect(versions.map((v) => v.version).sort()).toEqual(RELEASES.map((r) => r.version).sort());
    expect(versions.filter((v) => v.is_prerelease)).toHaveLength(1);
    for (const v of versions)
      expect(
        v.platforms.map((p) => p.platform_id),
        v.version,
      ).toHaveLength(7);

    const usage = ok(await customer.call(storageUsageGet, {})).data;
    expect(usage.History.length).toBeGreaterThan(40);
    const bytes = usage.History.map((d) => d.RegionalUtilizations.reduce((s, r) => s + r.PaddedStorageSizeBytes, 0));
    expect(bytes.at(-1) ?? 0).toBeGreaterThan(bytes[0] ?? 0);

    const servers = ok(await customer.call(userMyServersTable, { page: 1, page_size: 50, target_search_query: '' })).data;
    expect(servers.hosted).toHaveLength(1);
    expect(servers.self_hosted.map((s) => s.status)).toEqual(['Active', 'Active']);

    // Each distributor's report has the percentages its vendor set, so its figures are not all $0.00.
    for (const demo of DEMO_COMPANIES.filter((c) => c.company_type === 'distributor')) {
      const id = await companyIdOf(demo.users[0]?.email ?? '');
      expect(ok(await admin.call(getDistributorCommission, { id })).data, demo.company_name).toEqual(demo.rates);
    }
  });
});

describe('every figure has one definition', () => {
  it('shows a company the same devices, consoles and balance on its dashboard, /my_servers and the staff ticket panel, also after a check-in', async () => {
    const [acme] = await companyOf(DEMO_COMPANIES.find((c) => c.key === 'acme') as DemoCompany);
    const customer = await signedIn('customer@example.com');
    const support = await signedIn('support@example.com');
    const ticket = await newTicket(t.db, t.clock.now(), acme?.id ?? 0);
    const figures = async () => {
      const summary = ok(await customer.call(creditSummary, {})).data;
      const servers = ok(await customer.call(userMyServersTable, { page: 1, page_size: 50, target_search_query: '' })).data;
      const panel = ok(await support.call(adminTicketsViewPage, { target_ticket_id: ticket })).data.customer_info;
      const online = servers.self_hosted.filter((s) => s.status === 'Active').reduce((n, s) => n + s.num_clients_online, 0);
      return { summary, servers, panel, online };
    };
    const before = await figures();
    expect(before.summary.device_count).toBeGreaterThan(0);
    expect(before.summary.device_count).toBe(before.online);
    expect(before.panel).toMatchObject({
      device_count: before.summary.device_count,
      account_balance: before.summary.balance,
      hosted_server_count: before.servers.hosted.length,
    });
    // One of its two servers checks in again, as it does every few minutes: the company's figure stays whole.
    const [first] = before.servers.self_hosted;
    const res = await t.app.inject({
      method: 'POST',
      url: licenseCheckIn.path,
      payload: { serial_number: first?.serial_number, machine_id: 'acme-1', version: '25.3.0', device_count: first?.num_clients_online },
    });
    expect(res.statusCode).toBe(200);
    const after = await figures();
    expect(after.summary.device_count).toBe(before.summary.device_count);
    expect(after.panel?.device_count).toBe(before.summary.device_count);
  });

  it('charts each day’s real balance, so a prepaid account never shows a debt it was not in', async () => {
    for (const email of ['customer@example.com', 'suspended@example.com', 'runout@example.com', 'active@southern.example.com']) {
      const client = await signedIn(email);
      const { days } = ok(await client.call(balanceHistory, {})).data;
      const companyId = await companyIdOf(email);
      const ledger = await ledgerRowsOf(t, companyId);
      for (const d of days) {
        const end = billing.billingDayStart(t, { day: nextDay(d.date) }).getTime();
        const expected = ledger.filter((r) => r.created_at.getTime() < end).reduce((s, r) => s + Number(r.amount), 0);
        expect(d.balance, `${email} ${d.date}`).toBe(expected);
      }
      if (email === 'customer@example.com') expect(Math.min(...days.map((d) => d.balance))).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the demo world holds only what a user could have reached', () => {
  it('every pack bought has its card transaction and a line on /mybill, and every billed service belongs to something that exists', async () => {
    for (const demo of CUSTOMERS) {
      for (const { id } of await companyOf(demo)) {
        const packs = await creditPacksOf(t, id);
        const paid = (await cardTransactionsOf(t, id)).filter((x) => x.success);
        for (const pack of packs.filter((p) => p.source === 'purchase')) {
          expect(
            paid.map((x) => x.credit_pack_id),
            `${demo.company_name} pack ${pack.name}`,
          ).toContain(pack.id);
        }
        const running = (await servicesOf(t, id)).filter((s) => s.stopped_at === null);
        const consoles = (await hostedRowsOf(t, id)).filter((h) => h.state === 'ready');
        for (const s of running) {
          const what = `${demo.company_name}: ${s.kind} ${s.details}`;
          if (s.kind === 'hosted_server')
            expect(
              consoles.map((h) => String(h.id)),
              what,
            ).toContain(s.owner_id);
          if (s.kind === 'storage') expect(await storageAccountsOf(t, id), what).toHaveLength(1);
          if (s.kind === 'serial') expect(s.owner_kind, what).toBe('server_licence');
        }
        expect(running.filter((s) => s.kind === 'hosted_server')).toHaveLength(consoles.length);
      }
    }
    const acme = await signedIn('customer@example.com');
    const bill = ok(await acme.call(listTransactions, { page: 1, page_size: 500 })).data;
    const [company] = await companyOf(DEMO_COMPANIES.find((c) => c.key === 'acme') as DemoCompany);
    const bought = (await creditPacksOf(t, company?.id ?? 0)).filter((p) => p.source === 'purchase');
    expect(bought.length).toBeGreaterThan(0);
    expect(bill.rows.filter((r) => r.type === 'TOPUP' && r.success && r.card_id !== null)).toHaveLength(bought.length);
  });

  it('holds nothing a job would move at once; the books agree; Runout Ltd runs out at the first charging run', async () => {
    const job = jobContext(t);
    expect(await expireTrials(job)).toBe(0);
    expect(await finalizePendingDeletes(job)).toBe(0);
    expect(await suspendOutOfCredit(job)).toBe(0);
    expect(await restoreCreditedCompanies(job)).toBe(0);
    expect(await billing.verifyLedger(job)).toEqual([]);

    const [runout] = await companyOf(DEMO_COMPANIES.find((c) => c.key === 'runout') as DemoCompany);
    const [harbour] = await companyOf(DEMO_COMPANIES.find((c) => c.key === 'suspended') as DemoCompany);
    expect((await billingAccountRow(t, runout?.id ?? 0))?.balance).toBe(10);
    // Harbour Legal was suspended by the sweep for running out of credit, and stays in debt until it pays.
    const harbourAccount = await billingAccountRow(t, harbour?.id ?? 0);
    expect(harbourAccount?.suspended_for_credit).toBe(true);
    expect(harbourAccount?.balance).toBeLessThan(0);

    // Every day before today is charged already: the run charges today alone, and once.
    expect(await billing.runDailyCharging(job)).toBeGreaterThan(0);
    expect(await suspendOutOfCredit(job)).toBe(1);
    expect((await billingAccountRow(t, runout?.id ?? 0))?.balance).toBe(-10);
    expect(await billing.runDailyCharging(job)).toBe(0);
    expect(await billing.verifyLedger(job)).toEqual([]);
  });
});
