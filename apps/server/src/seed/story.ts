import type { TopupOption } from '@portal/contract/payments/topup-options';
import type { FastifyInstance } from 'fastify';
import * as billing from '../domains/billing/service.ts';
import { ALL_JOBS } from '../jobs.ts';
import type { Clock } from '../platform/clock.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../platform/context.ts';
import { offerPromoCode, offerTopups, RELEASES, release, versionOn } from './catalogue.ts';
import { convert, create, giveCredit, install, type Member, type Members, migrate, remove, removeForGood } from './cast.ts';
import { DemoClient } from './client.ts';
import type { DemoCompany } from './demo-world.ts';
import {
  type BackupTarget,
  backUp,
  checkIn,
  enableStorage,
  installServers,
  optionFor,
  orderHostedConsole,
  payOnce,
  type RunningServer,
  saveCard,
  turnOnAutoTopup,
} from './products.ts';

const DAY_MS = 86_400_000;
/** Days of simulated use before the seed time: servers, charges, payments and jobs run day by day over them. */
export const SIMULATED_DAYS = 60;
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The jobs that move a day on, in the order a day sees them; the scheduler runs the rest once the portal starts. */
const MORNING = ['charge-daily', 'expire-credit-packs'];
const DAILY = [
  'expire-trials',
  'finalize-pending-deletes',
  'suspend-out-of-credit',
  'restore-credited-companies',
  'auto-topup',
  'new-user-refunds',
  'recompute-active-services',
  'hosted-provisioner',
  'storage-utilization',
];
const LIFECYCLE = ['expire-trials', 'finalize-pending-deletes'];

interface Event {
  daysAgo: number;
  run: () => Promise<void>;
}

interface Payer {
  member: Member;
  cardId: number;
  /** Pays once when low, until this day (days ago); auto payers leave it to the automatic top-up. */
  until: number;
}

type MovableClock = Clock & { set(d: Date): void };

/**
 * The demo world's story, told through the product: the vendor installs the portal, companies are created and
 * converted, servers check in, cards are saved and charged, consoles are built and storage is filled, and the
 * jobs charge, top up, suspend and delete, day after day up to the seed time. Today itself is left to the
 * portal's own first charging run.
 */
export async function tellStory(app: FastifyInstance, clock: MovableClock, now: Date, cast: DemoCompany[]): Promise<Members> {
  const at = (daysAgo: number, ms = 0) => clock.set(new Date(now.getTime() - daysAgo * DAY_MS + ms));
  const members: Members = new Map();
  const servers: RunningServer[] = [];
  const payers: Payer[] = [];
  const backups: { member: Member; target: BackupTarget; from: number }[] = [];
  let options: TopupOption[] = [];
  const events: Event[] = [];
  const on = (daysAgo: number, run: () => Promise<void>) => events.push({ daysAgo, run });

  const [vendor, ...rest] = cast;
  if (!vendor) throw new Error('the demo world has no vendor');
  at(vendor.age_days);
  const installed = await install(app, vendor);
  members.set(vendor.key, installed);
  // The admin signs in on each day they act, and out again: sessions end after a day idle.
  let admin = await DemoClient.signIn(app, installed.userId);
  await admin.done();
  const job = (names: string[]) => runJobs(app, names);
  const checkInAll = async (k: number) => {
    for (const s of servers) if (s.from > k) await checkIn(app, s, k, versionOn(k));
  };

  on(SIMULATED_DAYS + 1, async () => {
    options = await offerTopups(admin);
  });
  on(30, () => offerPromoCode(admin));
  for (const r of RELEASES) on(r.days_ago, () => release(app, admin, r, billing.billingDayOf({ clock })));

  for (const demo of rest) {
    const story = demo.story ?? {};
    const member = () => {
      const m = members.get(demo.key);
      if (!m) throw new Error(`${demo.key} does not exist yet`);
      return m;
    };
    on(demo.age_days, async () => {
      members.set(demo.key, await create(app, admin, members, demo));
    });
    if (story.paid_days_ago !== undefined) on(story.paid_days_ago, () => convert(app, admin, members, member()));
    const start = story.servers_days_ago;
    if (start !== undefined) {
      on(start, async () => {
        const m = member();
        const made = await installServers(app, m, start);
        servers.push(...made);
        for (const s of made) await checkIn(app, s, start, versionOn(start));
        if (story.payment === 'exact') await giveCredit(admin, m, await creditToYesterday(app, m, start));
        if (story.payment === 'card' || story.payment === 'auto') {
          const cardId = await saveCard(app, m);
          payers.push({ member: m, cardId, until: story.payment === 'auto' ? start : (story.stops_paying_days_ago ?? 0) });
          // Before there is a rate to size it by, the default option; automatic top-up buys its own option.
          const plan = optionFor(options, 20_000);
          const first = story.payment === 'auto' ? plan : (options.find((o) => o.is_default) ?? plan);
          await payOnce(app, m, cardId, first);
          if (story.payment === 'auto') await turnOnAutoTopup(app, m, plan);
        }
      });
    }
    if (story.hosted_days_ago !== undefined) on(story.hosted_days_ago, () => orderHostedConsole(app, member()));
    const storageFrom = story.storage_days_ago;
    if (storageFrom !== undefined) {
      on(storageFrom, async () => {
        backups.push({ member: member(), target: await enableStorage(app, member()), from: storageFrom });
      });
    }
    if (story.deleted_days_ago !== undefined) on(story.deleted_days_ago, () => remove(app, member()));
    if (story.force_deleted_days_ago !== undefined) on(story.force_deleted_days_ago, () => removeForGood(admin, member()));
    if (story.migrated_days_ago !== undefined) on(story.migrated_days_ago, () => migrate(admin, member()));
  }

  const first = Math.max(...events.map((e) => e.daysAgo));
  for (let k = first; k >= 1; k--) {
    const today = events.filter((e) => e.daysAgo === k);
    const simulated = k <= SIMULATED_DAYS;
    if (!simulated && !today.length) continue;
    at(k);
    const day = billing.billingDayOf({ clock });
    if (simulated) {
      // Servers check in every few minutes: the charging run finds the new day's figures reported.
      await checkInAll(k);
      for (const b of backups) if (b.from >= k) await backUp(b.target, day, b.from - k);
      await job(MORNING);
    }
    if (today.length) {
      admin = await DemoClient.signIn(app, installed.userId);
      for (const e of today) await e.run();
      await admin.done();
    }
    // A second after the day's events, so that what fell due at this moment is due to the jobs.
    at(k, 1000);
    await job(simulated ? DAILY : LIFECYCLE);
    if (!simulated) continue;
    // The console's build finishes; the customers look at their credit.
    at(k, 120_000);
    await job(['hosted-provisioner']);
    for (const p of payers) if (p.until < k) await topUpIfLow(app, p, options);
  }
  // This morning's check-ins; today's charges are left to the portal's own first run.
  at(0);
  await checkInAll(0);
  for (const b of backups) b.target.s3.destroy();
  return members;
}

/** Runs each named job as the scheduler does, batch after batch in its own transaction, until it finds nothing due. */
async function runJobs(app: FastifyInstance, names: string[]): Promise<void> {
  for (const name of names) {
    const job = ALL_JOBS.find((j) => j.name === name);
    if (!job) throw new Error(`no job ${name}`);
    for (let batch = 0; batch < 100; batch++) {
      const n = await runInContext(
        app.deps,
        systemSource(QUIET, () => {}),
        (ctx) => job.run(ctx as CallContext),
      );
      if (!n) break;
    }
  }
}

async function estimates(app: FastifyInstance, companyId: number) {
  return runInContext(app.deps, systemSource(QUIET), (ctx) => billing.estimatesOf(ctx, { companyId }), true);
}

/** A customer who pays by hand looks at their dashboard and pays once when the credit would not last a month. */
async function topUpIfLow(app: FastifyInstance, p: Payer, options: TopupOption[]): Promise<void> {
  const e = await estimates(app, p.member.companyId);
  // A month of credit ahead: devices are charged a cycle at a time, so less could not pay the next cycle.
  if (e.balance < e.estimated_monthly_cents) await payOnce(app, p.member, p.cardId, optionFor(options, e.estimated_monthly_cents));
}

/**
 * Enough credit for every charge the company's services will have from tomorrow up to yesterday of the seed
 * time, and 10 cents over: less than a day's charge, so the portal's first charging run takes it below zero.
 */
async function creditToYesterday(app: FastifyInstance, m: Member, daysAgo: number): Promise<number> {
  const services = await runInContext(
    app.deps,
    systemSource(QUIET),
    (ctx) => billing.runningServices(ctx, { companyId: m.companyId }),
    true,
  );
  const from = billing.billingDayOf(app.deps, { at: new Date(app.deps.clock.now().getTime() + DAY_MS) });
  const until = billing.billingDayOf(app.deps, { at: new Date(app.deps.clock.now().getTime() + (daysAgo - 1) * DAY_MS) });
  let total = 0;
  for (const s of services) {
    const firstDue = [billing.billingDayOf(app.deps, { at: s.next_charge_again_at }), from].sort().at(-1) ?? from;
    for (let d = firstDue; d <= until; d = shift(d, s.rebill_every_days)) total += s.amount;
  }
  return total + 10;
}

function shift(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
