/**
 * Load (issue 18 point 2): 200 concurrent signed-in sessions doing mixed traffic (lists, describes, patches, ticket
 * comments and top-ups through the sandbox gateway) against ONE server process, then against TWO server processes
 * on the same PostgreSQL database, in the same run (see README.md, "Load, 200 sessions on two nodes").
 *
 *   npx tsx bench/load.bench.ts          # from the repository root; PostgreSQL on 127.0.0.1
 *
 * Each run builds a fresh database (DATABASE_URL, default postgres://root@127.0.0.1:5432/bench_load; its name must
 * contain "bench") through the domains' services: the demo world (BENCH_WORLD_COMPANIES, default 2000), plus
 * 180 active customer companies, each with a signed-in customer, an opening balance, a saved card the sandbox
 * gateway approves and an open ticket, and 20 admins of the admin company, each with a ticket of their own.
 * Sessions are signed in once, on node A, and spread over the nodes round-robin per session (session i talks to
 * node i mod n): sessions live in the database, so a balancer without sticky sessions behaves the same. Phases run
 * ABBA (one node, two nodes, two nodes, one node for BENCH_ROUNDS=2) so the machine's drift weighs on both alike.
 *
 * Environment: BENCH_ADMIN_DATABASE (default "test"), BENCH_SECONDS (measured seconds per phase, default 60),
 * BENCH_ROUNDS (default 2; each round measures one node and two nodes),
 * BENCH_WARMUP_SECONDS (default 5), BENCH_SESSIONS (default 200), BENCH_STAFF (default 20), BENCH_SERVER_DIR
 * (lib/server.ts), BENCH_PROF=1 or BENCH_SERVER_NODE_ARGS. Exits 0 whether or not the targets are met (a report),
 * 1 when it cannot run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getAccountSettings } from '@portal/contract/account/account-settings';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminDescribeCompany } from '@portal/contract/companies/company-describe';
import { adminPatchCompany } from '@portal/contract/companies/company-patch';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { adminTicketsList, ticketsList } from '@portal/contract/tickets/ticket-lists';
import { adminTicketsViewPage, createComment, getTicketHash, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { listCompanyUsers, patchUser } from '@portal/contract/users/company-users';
import { loadConfig } from '../apps/server/src/config.ts';
import * as billing from '../apps/server/src/domains/billing/service.ts';
import { hashPassword } from '../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { BackgroundWork } from '../apps/server/src/platform/background.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';
import { benchEnvironment, fmt, gitCommit, serverNodeArgs, settled } from './lib/harness.ts';
import { login, type RunningServer, type Session, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_load';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 5);
const SESSIONS = Number(process.env.BENCH_SESSIONS || 200);
const STAFF = Math.min(SESSIONS - 1, Number(process.env.BENCH_STAFF || 20));
const CUSTOMERS = SESSIONS - STAFF;
const WORLD_COMPANIES = Number(process.env.BENCH_WORLD_COMPANIES || 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const REQUEST_TIMEOUT_MS = 30_000;
const TARGET_SPEEDUP = 1.6;
const OPENING_BALANCE = 50_000_00;
const OPTION = { name: '$10 top-up', cost: 1_000, amount: 1_000 };
const PASSWORD = 'load-bench-password-7';
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/load.json');
const log = (line: string) => console.log(line);
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const customerEmail = (i: number) => `load-customer-${i}@example.com`;
const staffEmail = (i: number) => `load-admin-${i}@example.com`;

interface World {
  optionId: number;
  /** Per customer: company, user and saved card. */
  customers: { companyId: number; userId: number; cardId: number }[];
  /** The admin company's id (the staff's company). */
  adminCompanyId: number;
}

/**
 * A fresh database: the demo world (so the admin lists have companies and billing history to page through), then
 * CUSTOMERS active companies with a customer each, an opening balance through billing's addCredit, a saved card the
 * sandbox processor approves (as the card page leaves it: pay-once.bench.ts) and one visible top-up option; and
 * STAFF admins in the demo world's admin company.
 */
async function build(url: string): Promise<World> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    await seedDemoIfEmpty(handle.db, systemClock, { companies: WORLD_COMPANIES });
    const now = new Date();
    const companies = await tenancy.createCompanies(handle, {
      rows: Array.from({ length: CUSTOMERS }, (_, i) => ({
        company_name: `Load Customer ${i}`,
        current_state: 'ACTIVE' as const,
        plan_id: 'Growth',
        created_at: now,
      })),
    });
    const hash = await hashPassword(PASSWORD);
    const customerUsers = await users.createUsers(handle, {
      rows: companies.map((c, i) => ({
        company_id: c.id,
        email: customerEmail(i),
        contact_name: `Customer ${i}`,
        is_primary_contact: true,
        is_billing: true,
        password_hash: hash,
        email_verified_at: now,
      })),
    });
    const adminCompanyId = await withClient(url, async (c) => {
      const { rows } = await c.query<{ id: number }>(`select id from companies where company_type = 'admin' order by id limit 1`);
      if (!rows[0]) throw new Error('the demo world has no admin company');
      return rows[0].id;
    });
    await users.createUsers(handle, {
      rows: Array.from({ length: STAFF }, (_, i) => ({
        company_id: adminCompanyId,
        email: staffEmail(i),
        contact_name: `Load Admin ${i}`,
        staff_role: 'admin' as const,
        password_hash: hash,
        email_verified_at: now,
      })),
    });
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
         select 'tok_load_' || id, 'Visa', '4242', 12, 2035, 'Bench', 'approve', now() from unnest($1::int[]) id`,
        [ids],
      );
      const cards = await c.query<{ id: string }>(
        `insert into payment_cards (company_id, gateway_token, card_name, card_type, last4, expiry_month, expiry_year, is_default, created_at)
         select id, 'tok_load_' || id, 'Bench', 'Visa', '4242', 12, 2035, true, now() from unnest($1::int[]) with ordinality u(id, n)
         order by n returning id`,
        [ids],
      );
      const option = await c.query<{ id: number }>(
        `insert into topup_options (name, cost, amount, expiry_length_days, is_user_visible, is_default, created_at, updated_at)
         values ($1, $2, $3, 0, true, false, now(), now()) returning id`,
        [OPTION.name, OPTION.cost, OPTION.amount],
      );
      await c.query('vacuum (analyze)');
      return {
        optionId: Number(option.rows[0]?.id),
        adminCompanyId,
        customers: companies.map((company, i) => ({
          companyId: company.id,
          userId: Number(customerUsers[i]?.id),
          cardId: Number(cards.rows[i]?.id),
        })),
      };
    });
  } finally {
    await handle.close();
  }
}

type Kind = 'list' | 'describe' | 'patch' | 'hash' | 'comment' | 'topup';
const KINDS: readonly Kind[] = ['list', 'describe', 'patch', 'hash', 'comment', 'topup'];

/** One signed-in browser: its session, its ticket, and what it may touch. */
interface Actor {
  index: number;
  staff: boolean;
  session: Session;
  ticketId: number;
  /** The ticket's company (the customer's own; for staff, the customer company the ticket was opened for). */
  ticketCompanyId: number;
  customer?: { companyId: number; userId: number; cardId: number };
}

interface Failure {
  kind: Kind;
  path: string;
  status: number;
  message: string;
}

/** What one phase recorded: latencies per kind, failures, and the requests sent. */
class Recorder {
  latencies = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  failures: Failure[] = [];
  recording = false;
  ok(kind: Kind, ms: number) {
    if (this.recording) this.latencies.get(kind)?.push(ms);
  }
  fail(f: Failure) {
    // Failures count in the warm-up too: an error is an error.
    this.failures.push(f);
  }
}

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1] ?? NaN;
const round = (x: number) => Math.round(x * 100) / 100;

function stats(latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds),
    p50_ms: round(percentile(sorted, 0.5)),
    p90_ms: round(percentile(sorted, 0.9)),
    p99_ms: round(percentile(sorted, 0.99)),
    max_ms: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/** A POST as the browser sends it; answers the parsed body on 2xx, records and answers null otherwise. */
async function call<T>(rec: Recorder, kind: Kind, origin: string, callPath: string, session: Session, body: unknown): Promise<T | null> {
  const t0 = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(origin + callPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    rec.fail({ kind, path: callPath, status: 0, message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    return null;
  }
  const ms = performance.now() - t0;
  let json: { data?: T; message?: string } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // reported below when the status is not 2xx
  }
  if (status < 200 || status >= 300) {
    rec.fail({ kind, path: callPath, status, message: json.message ?? text.slice(0, 200) });
    return null;
  }
  rec.ok(kind, ms);
  return (json.data ?? null) as T | null;
}

let payments = 0;
/** Top-ups the gateway approved, as the answers said (warm-ups included): each must be one charge in the tables. */
let approvedTopups = 0;
let patches = 0;
let comments = 0;

/** One step of a customer's traffic, chosen by weight: lists 30%, describes 30%, patches 15%, comments 15%, top-ups 10%. */
async function customerStep(rec: Recorder, origin: string, a: Actor, roll: number, run: string): Promise<void> {
  const c = a.customer;
  if (!c) return;
  const s = a.session;
  if (roll < 0.15) await call(rec, 'list', origin, ticketsList.path, s, {});
  else if (roll < 0.3) await call(rec, 'list', origin, listCompanyUsers.path, s, {});
  else if (roll < 0.45) await call(rec, 'describe', origin, ticketsViewPage.path, s, { target_ticket_id: a.ticketId });
  else if (roll < 0.6) await call(rec, 'describe', origin, getAccountSettings.path, s, {});
  else if (roll < 0.75) {
    const n = ++patches;
    await call(rec, 'patch', origin, patchUser.path, s, {
      target_company_id: c.companyId,
      target_id: c.userId,
      target_contact_name: `Customer ${a.index} (${n})`,
    });
  } else if (roll < 0.9) await comment(rec, origin, a);
  else {
    const n = ++payments;
    const data = await call<{ success?: boolean; message?: string }>(rec, 'topup', origin, chargePaymentMethod.path, s, {
      target_topup_id: world.optionId,
      target_card_id: c.cardId,
      idempotency_key: `load-${run.replace(/[^a-z0-9]+/gi, '-')}-${a.index}-${n}`,
    });
    if (data?.success === true) approvedTopups++;
    else if (data) {
      rec.fail({ kind: 'topup', path: chargePaymentMethod.path, status: 200, message: `not approved: ${JSON.stringify(data)}` });
    }
  }
}

/** A staff step: the admin lists 30%, describes 30%, company patches 20%, comments on their own ticket 20%. */
async function staffStep(rec: Recorder, origin: string, a: Actor, roll: number): Promise<void> {
  const s = a.session;
  const someone = world.customers[Math.floor(Math.random() * world.customers.length)];
  if (roll < 0.15) await call(rec, 'list', origin, adminTicketsList.path, s, {});
  else if (roll < 0.3) await call(rec, 'list', origin, adminCompanyList.path, s, {});
  else if (roll < 0.45) await call(rec, 'describe', origin, adminTicketsViewPage.path, s, { target_ticket_id: a.ticketId });
  else if (roll < 0.6) await call(rec, 'describe', origin, adminDescribeCompany.path, s, { target_id: someone?.companyId });
  else if (roll < 0.8) {
    const n = ++patches;
    await call(rec, 'patch', origin, adminPatchCompany.path, s, { target_id: someone?.companyId, notes: `Load note ${n}` });
  } else await comment(rec, origin, a);
}

/** A comment as the ticket page posts it: the page's hash first (the page polls it), then the comment against it. */
async function comment(rec: Recorder, origin: string, a: Actor): Promise<void> {
  const hash = await call<{ hash: string }>(rec, 'hash', origin, getTicketHash.path, a.session, { target_ticket_id: a.ticketId });
  if (!hash) return;
  const n = ++comments;
  await call(rec, 'comment', origin, createComment.path, a.session, {
    target_ticket_id: a.ticketId,
    target_body: `Load comment ${n} from session ${a.index}`,
    target_attachments: [],
    expect_ticket_hash: hash.hash,
    expect_company_id: a.ticketCompanyId,
  });
}

let world: World;

/** Runs every session against `origins` (session i on origins[i mod n]) for warm-up then `seconds`; closed loop, no think time. */
/** CPU seconds a process has used (user + system), from /proc; NaN where /proc is not there. */
function processCpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...ticks] = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** Where the CPU went during a phase: each server process, this load generator, PostgreSQL and the rest of the machine. */
function cpuSnapshot(servers: RunningServer[]) {
  return { servers: servers.map((s) => processCpuSeconds(s.pid)), generator: process.cpuUsage(), machine: machineCpu() };
}

function cpuSpent(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, seconds: number) {
  const gen = (after.generator.user + after.generator.system - before.generator.user - before.generator.system) / 1e6;
  const busy = (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total);
  return {
    /** Cores' worth each server process used (1.0 = one core busy all the phase). */
    server_cores: after.servers.map((x, i) => round((x - (before.servers[i] ?? 0)) / seconds)),
    generator_cores: round(gen / seconds),
    /** The machine's busy share over all its cores (1.0 = every core busy). */
    machine_busy: round(busy),
  };
}

async function phase(label: string, actors: Actor[], origins: string[], seconds: number, servers: RunningServer[]) {
  const rec = new Recorder();
  let stop = false;
  const loop = async (a: Actor) => {
    const origin = origins[a.index % origins.length] ?? '';
    while (!stop) {
      const roll = Math.random();
      if (a.staff) await staffStep(rec, origin, a, roll);
      else await customerStep(rec, origin, a, roll, label);
    }
  };
  const running = actors.map(loop);
  if (WARMUP_SECONDS > 0) await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
  const load0 = os.loadavg()[0] ?? 0;
  const warmupFailures = rec.failures.length;
  rec.recording = true;
  const cpu0 = cpuSnapshot(servers);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  rec.recording = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSpent(cpu0, cpuSnapshot(servers), elapsed);
  stop = true;
  await Promise.all(running);
  const all = [...rec.latencies.values()].flat();
  const byStatus: Record<string, number> = {};
  for (const f of rec.failures) byStatus[`${f.kind} ${f.status}`] = (byStatus[`${f.kind} ${f.status}`] ?? 0) + 1;
  const result = {
    nodes: origins.length,
    seconds: round(elapsed),
    overall: stats(all, elapsed),
    by_kind: Object.fromEntries(KINDS.map((k) => [k, stats(rec.latencies.get(k) ?? [], elapsed)])),
    errors: rec.failures.length,
    errors_in_warmup: warmupFailures,
    errors_by_kind_and_status: byStatus,
    error_examples: rec.failures.slice(0, 10),
    load_average_1m: { at_start: round(load0), at_end: round(os.loadavg()[0] ?? 0) },
    cpu,
    /** Every 2xx latency, for the combined percentiles (not written to the results). */
    latencies: all,
  };
  log(
    `\n[${label}] ${origins.length} node(s), ${actors.length} sessions, ${fmt(elapsed)} s: ${fmt(result.overall.rps)} req/s, ` +
      `p50 ${fmt(result.overall.p50_ms)} ms, p99 ${fmt(result.overall.p99_ms)} ms, ${result.errors} errors (load average ${fmt(load0, 2)} → ${fmt(result.load_average_1m.at_end, 2)})`,
  );
  log(
    `${'kind'.padEnd(10)} ${'requests'.padStart(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  for (const [k, s] of [...Object.entries(result.by_kind), ['overall', result.overall] as const]) {
    log(
      `${k.padEnd(10)} ${String(s.requests).padStart(9)} ${fmt(s.rps).padStart(8)} ${fmt(s.p50_ms).padStart(8)} ${fmt(s.p99_ms).padStart(8)} ${fmt(s.max_ms).padStart(8)}`,
    );
  }
  log(
    `cpu: servers ${cpu.server_cores.map((c) => fmt(c, 2)).join(' + ')} cores, load generator ${fmt(cpu.generator_cores, 2)}, machine ${fmt(cpu.machine_busy * 100, 0)}% busy`,
  );
  for (const f of result.error_examples) log(`  error: ${f.kind} ${f.path} → ${f.status} ${f.message}`);
  return result;
}

/** The phases of one node count: requests and req/s over all of them, their p50/p99 from the pooled latencies. */
function combine(ps: Awaited<ReturnType<typeof phase>>[]) {
  const seconds = ps.reduce((t, p) => t + p.seconds, 0);
  const requests = ps.reduce((t, p) => t + p.overall.requests, 0);
  return {
    phases: ps.length,
    seconds: round(seconds),
    requests,
    rps: round(requests / seconds),
    p50_ms: round(
      percentile(
        [...ps.flatMap((p) => p.latencies)].sort((x, y) => x - y),
        0.5,
      ),
    ),
    p99_ms: round(
      percentile(
        [...ps.flatMap((p) => p.latencies)].sort((x, y) => x - y),
        0.99,
      ),
    ),
    errors: ps.reduce((t, p) => t + p.errors, 0),
  };
}

/** Signs in every session (on the first node) and opens each one's ticket through the create form's call. */
async function prepareActors(origin: string): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const staff = i >= CUSTOMERS;
    const session = await login(origin, staff ? staffEmail(i - CUSTOMERS) : customerEmail(i), PASSWORD);
    const customer = staff ? undefined : world.customers[i];
    // Staff open a ticket for a customer company (their own to comment on, so no two sessions race for one ticket's hash).
    const forCustomer = world.customers[staff ? (i - CUSTOMERS) % world.customers.length : i];
    if (!forCustomer) throw new Error('no customer for the ticket');
    const body = {
      ...(staff ? { target_id: forCustomer.companyId, target_user_id: forCustomer.userId, target_direction: 'outgoing' } : {}),
      target_ticket_type: 2,
      target_ticket_subject: `Load ticket ${i}`,
      target_message_overview: 'Opened by the load benchmark.',
    };
    const res = await fetch(origin + createTicket.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: number; message?: string };
    if (res.status !== 200 || typeof json.data !== 'number') throw new Error(`create_ticket answered ${res.status}: ${json.message}`);
    actors.push({ index: i, staff, session, ticketId: json.data, ticketCompanyId: forCustomer.companyId, customer });
  }
  return actors;
}

/** What the tables say after the run: every approved top-up landed once, every balance equals its ledger. */
async function verify(url: string, topups: number, companyIds: number[]) {
  return withClient(url, async (c) => {
    const one = async <T>(text: string, values: unknown[] = []) => (await c.query(text, values)).rows[0] as T;
    const charges = await one<{ n: number; keys: number }>(
      `select count(*) filter (where success)::int as n, count(distinct idempotency_key) filter (where success)::int as keys
       from card_transactions where kind = 'charge' and company_id = any($1::int[])`,
      [companyIds],
    );
    const gateway = await one<{ n: number }>(
      `select count(*)::int as n from sandbox_gateway_transactions where kind = 'charge' and status = 'approved'`,
    );
    const packs = await one<{ n: number }>(
      `select count(*)::int as n from credit_packs where source = 'purchase' and company_id = any($1::int[])`,
      [companyIds],
    );
    const wrong = await one<{ n: number }>(
      `select count(*)::int as n from billing_accounts a
       where a.company_id = any($1::int[])
         and a.balance <> (select coalesce(sum(l.amount), 0) from credit_ledger l where l.company_id = a.company_id)`,
      [companyIds],
    );
    const failures: string[] = [];
    if (charges.n !== topups) failures.push(`${charges.n} approved card charges, ${topups} top-ups answered approved`);
    if (charges.keys !== charges.n) failures.push(`${charges.n} approved charges but ${charges.keys} distinct keys`);
    if (gateway.n !== charges.n) failures.push(`${gateway.n} approved gateway charges, ${charges.n} card charges`);
    if (packs.n !== charges.n) failures.push(`${packs.n} purchased credit packs, ${charges.n} card charges`);
    if (wrong.n) failures.push(`${wrong.n} billing accounts whose balance differs from their ledger`);
    return { charges: charges.n, gateway: gateway.n, packs: packs.n, failures };
  });
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  log(
    `Building ${DATABASE_URL}: the demo world (${WORLD_COMPANIES} companies), ${CUSTOMERS} customers with cards and credit, ${STAFF} admins`,
  );
  const t0 = Date.now();
  world = await build(DATABASE_URL);
  log(`  built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const servers: RunningServer[] = [];
  const kill = () => {
    for (const s of servers) s.kill();
  };
  process.once('SIGINT', () => {
    kill();
    process.exit(130);
  });
  try {
    // Two nodes from the start: node A serves the one-node phase alone, then A and B together.
    servers.push(await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() }));
    servers.push(await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() }));
    const [a, b] = servers.map((s) => s.origin) as [string, string];
    await settled(DATABASE_URL);
    log(`Signing in ${SESSIONS} sessions on node A and opening a ticket each`);
    const actors = await prepareActors(a);
    // ABBA: one node, two nodes, two nodes, one node (for ROUNDS = 2), so drift in the machine's other load and
    // the servers' warm-up weigh on both sides alike.
    const phases: Awaited<ReturnType<typeof phase>>[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? [1, 2] : [2, 1];
      for (const n of order) {
        await settled(DATABASE_URL);
        const origins = n === 1 ? [a] : [a, b];
        phases.push(await phase(`${n === 1 ? 'one-node' : 'two-nodes'} (round ${r + 1})`, actors, origins, SECONDS, servers));
      }
    }
    const one = combine(phases.filter((p) => p.nodes === 1));
    const two = combine(phases.filter((p) => p.nodes === 2));
    const speedup = one.rps > 0 ? round(two.rps / one.rps) : 0;
    log(
      `\nOne node ${fmt(one.rps)} req/s (p99 ${fmt(one.p99_ms)} ms), two nodes ${fmt(two.rps)} req/s (p99 ${fmt(two.p99_ms)} ms): ` +
        `${fmt(speedup, 2)}x (target ${TARGET_SPEEDUP}x on a machine whose cores allow it)`,
    );
    await settled(DATABASE_URL);
    const checked = await verify(
      DATABASE_URL,
      approvedTopups,
      world.customers.map((c) => c.companyId),
    );
    for (const f of checked.failures) console.error(`CHECK FAILED: ${f}`);
    const report = {
      benchmark: 'load',
      generated_at: new Date().toISOString(),
      commit: gitCommit(),
      environment: { ...(await benchEnvironment(DATABASE_URL)), load_average_at_end: os.loadavg().map(round) },
      settings: {
        sessions: SESSIONS,
        customers: CUSTOMERS,
        staff: STAFF,
        world_companies: WORLD_COMPANIES,
        seconds: SECONDS,
        warmup_seconds: WARMUP_SECONDS,
        spread: 'round-robin per session (session i on node i mod n); signed in once on node A',
        mix: {
          customer:
            'lists 30% (TicketsList, list_company_users), describes 30% (TicketsViewPage, account-settings/get), patch_user 15%, comment 15% (get_hash + create_comment), top-up 10% (payment-methods/charge, sandbox gateway)',
          staff:
            'lists 30% (AdminTicketsList, admin/company/list), describes 30% (AdminTicketsViewPage, admin/company/describe), admin/company/patch 20%, comment 20% (get_hash + create_comment)',
        },
      },
      one_node: one,
      two_nodes: two,
      phases: phases.map(({ latencies: _, ...p }) => p),
      speedup,
      target_speedup: TARGET_SPEEDUP,
      errors: phases.reduce((n, p) => n + p.errors, 0),
      checks: { approved_topup_answers: approvedTopups, ...checked, pass: checked.failures.length === 0 },
    };
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    log(`Figures written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
    if (report.errors) log(`${report.errors} errors: see error_examples in the results`);
  } finally {
    for (const s of servers) await s.stop();
  }
}

try {
  await main();
} catch (err) {
  console.error('Benchmark could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
