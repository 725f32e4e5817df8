import { hashPassword } from '../platform/password-hash.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Clock, fixedClock } from '../platform/clock.ts';
import type { Database } from '../platform/db.ts';
import * as tenancy from '../domains/tenancy/service.ts';
import * as users from '../domains/users/service.ts';
import { CHURNED } from './churn-history.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD, generatedCompanyName, pickCountry, weightedState } from './demo-world.ts';
import { seededRandom } from './random.ts';
import { tellStory } from './story.ts';

const DAY_MS = 86_400_000;
const BATCH = 1000;

export interface SeedOptions {
  /** Total companies wanted, the hand-made ones included. */
  companies: number;
  seed?: number;
  onProgress?: (done: number) => void;
  /** The portal's settings (storage folder, provisioners); the environment's when absent. */
  config?: Config;
}

/** Seeds the demo world when the database has no companies yet. */
export async function seedDemoIfEmpty(db: Database, clock: Clock, opts: SeedOptions = { companies: 120 }): Promise<boolean> {
  if ((await tenancy.countCompanies({ db })) > 0) return false;
  await seedWorld(db, clock, opts);
  return true;
}

/**
 * The deterministic demo world. The hand-made companies of demo-world.ts (one login per role and state) and
 * the churned ones live their story through the product's own calls and jobs, on an app of their own whose
 * clock walks from the past up to the seed time (seed/story.ts); then generated customers, written in bulk,
 * fill the lists up to the wanted count (the benchmarks ask for a hundred thousand). Dates are offsets from the
 * seed time.
 */
export async function seedWorld(db: Database, clock: Clock, opts: SeedOptions): Promise<void> {
  const now = clock.now();
  const config = opts.config ?? loadConfig();
  const storyClock = fixedClock(now);
  const app = await buildApp({ config: { ...config, LOG_LEVEL: 'silent' }, db, clock: storyClock });
  let distributors: number[];
  try {
    const members = await tellStory(app, storyClock, now, [...DEMO_COMPANIES, ...CHURNED]);
    distributors = ['dist1', 'dist2'].flatMap((key) => members.get(key)?.companyId ?? []);
  } finally {
    await app.close();
  }
  await seedGeneratedCompanies(db, now, opts, distributors, DEMO_COMPANIES.length + CHURNED.length);
}

/** Customers for the lists' sake: no story, states weighted as in a real portal, ages within two years. */
async function seedGeneratedCompanies(db: Database, at: Date, opts: SeedOptions, distributors: number[], made: number): Promise<void> {
  const rnd = seededRandom(opts.seed ?? 20261121);
  const now = at.getTime();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let n = made;
  while (n < opts.companies) {
    const size = Math.min(BATCH, opts.companies - n);
    const batch = Array.from({ length: size }, (_, i) => {
      const num = n + i + 1;
      const state = weightedState(rnd.next());
      // Trials are younger than 30 days and pending deletes younger than 21, as the jobs keep them.
      const age = state === 'TRIAL' ? rnd.int(1, 29) : rnd.int(1, 730);
      const sinceChange = state === 'PENDING_DELETE' ? rnd.int(0, Math.min(age, 20)) : rnd.int(0, age);
      const createdAt = new Date(now - age * DAY_MS);
      return {
        company_name: generatedCompanyName(num, rnd.pick),
        company_type: 'customer' as const,
        current_state: state,
        current_state_applied_at: new Date(now - sinceChange * DAY_MS),
        distributor_id: rnd.chance(0.3) ? rnd.pick(distributors) : null,
        plan_id: state === 'TRIAL' ? 'Trial' : rnd.pick(['Starter', 'Growth', 'Advanced', 'Professional']),
        country: pickCountry(rnd.pick),
        primary_email: `owner${num}@customer${num}.example.net`,
        is_vip: rnd.chance(0.02),
        trial_expires_at: state === 'TRIAL' ? new Date(createdAt.getTime() + 30 * DAY_MS) : null,
        created_at: createdAt,
        deleted_at: state === 'DELETED' || state === 'MIGRATED' ? new Date(now - rnd.int(0, age) * DAY_MS) : null,
      };
    });
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const inserted = await tenancy.createCompanies({ db: t }, { rows: batch });
      await users.createUsers(
        { db: t },
        {
          rows: inserted.map((c) => ({
            company_id: c.id,
            email: c.primary_email,
            contact_name: `Owner of ${c.company_name}`,
            password_hash: passwordHash,
            is_primary_contact: true,
            is_billing: true,
            email_verified_at: c.created_at,
            created_at: c.created_at,
          })),
        },
      );
    });
    n += size;
    opts.onProgress?.(n);
  }
}
