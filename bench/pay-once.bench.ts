/**
 * 1,000 concurrent pay-once charges (POST /api/v1/user/payment-methods/charge, the customer's call) against the
 * sandbox gateway on PostgreSQL (see README.md, "Pay once"). Issue 12: every charge lands exactly once and the
 * balances add up to the cent; the figures are charges per second and p99.
 *
 *   npx tsx bench/pay-once.bench.ts          # from the repository root
 *
 * Environment: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_pay_once; its name must contain "bench",
 * as it is dropped and built again on every run), BENCH_ADMIN_DATABASE (default "test"), BENCH_CHARGES (default
 * 1000), BENCH_COMPANIES (default 100), BENCH_IN_FLIGHT (default: every request at once), BENCH_REQUEST_TIMEOUT_MS
 * (default 120000), BENCH_SERVER_DIR (lib/server.ts), BENCH_PROF=1 or BENCH_SERVER_NODE_ARGS to profile the server.
 * Exits 1 when any check after the run fails: money that does not add up is not a figure to report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { loadConfig } from '../apps/server/src/config.ts';
import * as billing from '../apps/server/src/domains/billing/service.ts';
import { hashPassword } from '../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { BackgroundWork } from '../apps/server/src/platform/background.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';
import { benchEnvironment, fmt, gitCommit, serverNodeArgs, settled } from './lib/harness.ts';
import { login, type Session, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_pay_once';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const CHARGES = Number(process.env.BENCH_CHARGES || 1000);
const COMPANIES = Number(process.env.BENCH_COMPANIES || 100);
/** Requests in flight at once: all of them unless limited (a closed loop of that many clients). */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT || 0) || Number.POSITIVE_INFINITY;
/** A request without an answer by then counts as failed: a stalled server is a finding, not a wait. */
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_MS || 120_000);
/** Every tenth payment is sent twice at once with its key, as a double click or a retry would: it must land once. */
const REPEAT_EVERY = 10;
const OPENING_BALANCE = 12_345;
const OPTION = { name: '$100 top-up', cost: 10_000, amount: 11_050 };
const PASSWORD = 'pay-once-bench-password-7';
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/pay-once.json');
const log = (line: string) => console.log(line);
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const emailOf = (i: number) => `pay-once-${i}@example.com`;

/**
 * A fresh database: COMPANIES active companies, each with a customer, an opening balance and one saved card that
 * the sandbox processor approves (the token, brand and last four digits the card page would have left), and one
 * visible top-up option.
 */
async function build(url: string): Promise<{ optionId: number; cards: number[] }> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    const now = new Date();
    const companies = await tenancy.createCompanies(handle, {
      rows: Array.from({ length: COMPANIES }, (_, i) => ({
        company_name: `Pay Once ${i}`,
        current_state: 'ACTIVE' as const,
        plan_id: 'Growth',
        created_at: now,
      })),
    });
    const hash = await hashPassword(PASSWORD);
    await users.createUsers(handle, {
      rows: companies.map((c, i) => ({
        company_id: c.id,
        email: emailOf(i),
        contact_name: `Payer ${i}`,
        is_primary_contact: true,
        password_hash: hash,
      })),
    });
    // The opening balance through billing's own addCredit, so the ledger starts as production writes it.
    const deps = {
      db: handle.db,
      clock: systemClock,
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
      audit: async () => {},
      background: new BackgroundWork(),
    };
    await runInContext(deps, systemSource(QUIET), async (ctx) => {
      for (const company of companies) {
        await billing.addCredit(ctx as CallContext, {
          company_id: company.id,
          name: 'Opening balance',
          amount: OPENING_BALANCE,
          source: 'admin',
          added_by_user: 'bench',
        });
      }
    });
    return await withClient(url, async (c) => {
      const ids = companies.map((x) => x.id);
      await c.query(
        `insert into sandbox_gateway_cards (token, brand, last4, expiry_month, expiry_year, card_name, behaviour, created_at)
         select 'tok_bench_' || id, 'Visa', '4242', 12, 2035, 'Bench', 'approve', now() from unnest($1::int[]) id`,
        [ids],
      );
      const cards = await c.query<{ id: string }>(
        `insert into payment_cards (company_id, gateway_token, card_name, card_type, last4, expiry_month, expiry_year, is_default, created_at)
         select id, 'tok_bench_' || id, 'Bench', 'Visa', '4242', 12, 2035, true, now() from unnest($1::int[]) with ordinality u(id, n)
         order by n returning id`,
        [ids],
      );
      const option = await c.query<{ id: number }>(
        `insert into topup_options (name, cost, amount, expiry_length_days, is_user_visible, is_default, created_at, updated_at)
         values ($1, $2, $3, 0, true, false, now(), now()) returning id`,
        [OPTION.name, OPTION.cost, OPTION.amount],
      );
      await c.query('vacuum (analyze)');
      return { optionId: Number(option.rows[0]?.id), cards: cards.rows.map((r) => Number(r.id)) };
    });
  } finally {
    await handle.close();
  }
}

interface Answer {
  payment: number;
  company: number;
  status: number;
  ms: number;
  success?: boolean;
  credit_pack_id?: number | null;
  message?: string;
}

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1] ?? NaN;

/** What the tables say after the run; every line must hold. */
async function verify(url: string, answers: Answer[], companyIds: number[]) {
  const failures: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  const perCompany = new Map<number, number>();
  for (let p = 0; p < CHARGES; p++) perCompany.set(p % COMPANIES, (perCompany.get(p % COMPANIES) ?? 0) + 1);
  return withClient(url, async (c) => {
    const one = async <T>(text: string, values: unknown[] = []) => (await c.query(text, values)).rows[0] as T;
    const charges = await one<{ n: number; ok: number; keys: number; cents: string; packs: number }>(
      `select count(*)::int as n, count(*) filter (where success)::int as ok, count(distinct idempotency_key)::int as keys,
         coalesce(sum(charged_amount) filter (where success), 0)::text as cents, count(distinct credit_pack_id)::int as packs
       from card_transactions where kind = 'charge'`,
    );
    expect(charges.n === CHARGES, `card_transactions: ${charges.n} charges, expected ${CHARGES}`);
    expect(charges.ok === CHARGES, `card_transactions: ${charges.ok} successful, expected ${CHARGES}`);
    expect(charges.keys === CHARGES, `card_transactions: ${charges.keys} distinct keys, expected ${CHARGES}`);
    expect(charges.packs === CHARGES, `card_transactions: ${charges.packs} distinct credit packs, expected ${CHARGES}`);
    expect(
      BigInt(charges.cents) === BigInt(CHARGES * OPTION.cost),
      `card_transactions: ${charges.cents} cents charged, expected ${CHARGES * OPTION.cost}`,
    );
    const gateway = await one<{ n: number; cents: string }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::text as cents from sandbox_gateway_transactions where kind = 'charge' and status = 'approved'`,
    );
    expect(gateway.n === CHARGES, `sandbox gateway: ${gateway.n} approved charges, expected ${CHARGES}`);
    expect(
      BigInt(gateway.cents) === BigInt(CHARGES * OPTION.cost),
      `sandbox gateway: ${gateway.cents} cents, expected ${CHARGES * OPTION.cost}`,
    );
    const packs = await one<{ n: number; cents: string }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::text as cents from credit_packs where source = 'purchase'`,
    );
    expect(packs.n === CHARGES, `credit_packs: ${packs.n} purchases, expected ${CHARGES}`);
    expect(
      BigInt(packs.cents) === BigInt(CHARGES * OPTION.amount),
      `credit_packs: ${packs.cents} cents of credit, expected ${CHARGES * OPTION.amount}`,
    );
    // Each company's balance: the opening balance plus its own purchases, equal to the sum of its ledger rows.
    const { rows } = await c.query<{ company_id: number; balance: string; ledger: string; bought: number }>(
      `select a.company_id, a.balance::text, (select coalesce(sum(l.amount), 0) from credit_ledger l where l.company_id = a.company_id)::text as ledger,
         (select count(*)::int from credit_packs p where p.company_id = a.company_id and p.source = 'purchase') as bought
       from billing_accounts a where a.company_id = any($1::int[]) order by a.company_id`,
      [companyIds],
    );
    expect(rows.length === COMPANIES, `billing_accounts: ${rows.length} accounts, expected ${COMPANIES}`);
    let wrongBalances = 0;
    for (const r of rows) {
      const i = companyIds.indexOf(r.company_id);
      const expected = BigInt(OPENING_BALANCE) + BigInt((perCompany.get(i) ?? 0) * OPTION.amount);
      if (BigInt(r.balance) !== expected || BigInt(r.ledger) !== expected || r.bought !== perCompany.get(i)) wrongBalances++;
    }
    expect(wrongBalances === 0, `${wrongBalances} companies whose balance, ledger sum or purchases differ from the payments made`);
    // Every answer: approved; the two answers of a repeated key name the same credit pack.
    const bad = answers.filter((a) => a.status !== 200 || a.success !== true);
    expect(bad.length === 0, `${bad.length} answers not approved, e.g. ${JSON.stringify(bad.slice(0, 3))}`);
    const packOf = new Map<number, Set<number | null | undefined>>();
    for (const a of answers) packOf.set(a.payment, (packOf.get(a.payment) ?? new Set()).add(a.credit_pack_id));
    const split = [...packOf.values()].filter((s) => s.size !== 1).length;
    expect(split === 0, `${split} repeated payments answered with different credit packs`);
    return { failures, charges, gateway, packs };
  });
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  log(`Building ${DATABASE_URL}: ${COMPANIES} companies, each with a customer and a saved card`);
  const { optionId, cards } = await build(DATABASE_URL);
  const companyIds = await withClient(DATABASE_URL, async (c) =>
    (await c.query<{ company_id: number }>('select company_id from payment_cards order by id')).rows.map((r) => r.company_id),
  );
  const server = await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() });
  await settled(DATABASE_URL);
  const answers: Answer[] = [];
  let elapsedMs = 0;
  try {
    const sessions: Session[] = [];
    for (let i = 0; i < COMPANIES; i++) sessions.push(await login(server.origin, emailOf(i), PASSWORD));
    const url = `${server.origin}${chargePaymentMethod.path}`;
    const pay = async (payment: number): Promise<Answer> => {
      const company = payment % COMPANIES;
      const body = { target_topup_id: optionId, target_card_id: cards[company], idempotency_key: `bench-pay-once-${payment}` };
      const t0 = performance.now();
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...sessions[company]?.headers },
          body: JSON.stringify(body),
          // Node's fetch opens as many sockets as requests in flight: all of them are sent at once.
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        return { payment, company, status: 0, ms: performance.now() - t0, message: err instanceof Error ? err.name : String(err) };
      }
      const text = await res.text().catch(() => '');
      const ms = performance.now() - t0;
      let data: { success?: boolean; credit_pack_id?: number | null; message?: string } = {};
      try {
        const json = JSON.parse(text) as { data?: typeof data; message?: string };
        data = json.data ?? { message: json.message };
      } catch {
        data = { message: text.slice(0, 200) };
      }
      return { payment, company, status: res.status, ms, ...data };
    };
    const payments = Array.from({ length: CHARGES }, (_, p) => p);
    const repeats = payments.filter((p) => p % REPEAT_EVERY === 0);
    log(`Sending ${CHARGES} payments and ${repeats.length} repeats of their keys at once`);
    const started = performance.now();
    const queue = [...payments, ...repeats];
    const all: Answer[] = [];
    // Each worker takes the next payment when its last one is answered; without a limit every request starts now.
    const worker = async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) all.push(await pay(p));
    };
    await Promise.all(Array.from({ length: Math.min(queue.length, IN_FLIGHT) }, worker));
    elapsedMs = performance.now() - started;
    answers.push(...all);
  } finally {
    await server.stop();
  }
  const answered = answers.filter((a) => a.status === 200);
  const sorted = answered.map((a) => a.ms).sort((a, b) => a - b);
  const landed = new Set(answered.filter((a) => a.success).map((a) => a.payment)).size;
  const round = (x: number) => Math.round(x * 10) / 10;
  const figures = {
    requests: answers.length,
    charges: CHARGES,
    seconds: round(elapsedMs / 1000),
    charges_per_second: round(landed / (elapsedMs / 1000)),
    p50_ms: round(percentile(sorted, 0.5)),
    p90_ms: round(percentile(sorted, 0.9)),
    p99_ms: round(percentile(sorted, 0.99)),
    max_ms: round(sorted[sorted.length - 1] ?? NaN),
    answered: answered.length,
    timed_out: answers.filter((a) => a.status === 0).length,
  };
  const checked = await verify(DATABASE_URL, answers, companyIds);
  log(
    `\n${CHARGES} charges (+${answers.length - CHARGES} repeated keys) over ${COMPANIES} companies in ${fmt(figures.seconds, 2)} s: ` +
      `${fmt(figures.charges_per_second)} charges/s, latency p50 ${fmt(figures.p50_ms)} ms, p99 ${fmt(figures.p99_ms)} ms, max ${fmt(figures.max_ms)} ms`,
  );
  log(
    `card transactions ${checked.charges.n} (${checked.charges.keys} keys), gateway charges ${checked.gateway.n} (${checked.gateway.cents} cents), credit packs ${checked.packs.n} (${checked.packs.cents} cents)`,
  );
  const report = {
    benchmark: 'pay-once',
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: await benchEnvironment(DATABASE_URL),
    settings: {
      charges: CHARGES,
      companies: COMPANIES,
      repeated_keys: answers.length - CHARGES,
      option: OPTION,
      opening_balance: OPENING_BALANCE,
    },
    figures,
    checks: { pass: checked.failures.length === 0, failures: checked.failures },
  };
  if (checked.failures.length) {
    for (const f of checked.failures) console.error(`CHECK FAILED: ${f}`);
    process.exitCode = 1;
  } else {
    log('Every charge landed exactly once; every balance adds up to the cent.');
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  log(`Figures written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

try {
  await main();
} catch (err) {
  console.error('Benchmark could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
