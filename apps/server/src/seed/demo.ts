import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db.ts';
import * as tenancy from '../domains/tenancy/service.ts';
import * as users from '../domains/users/service.ts';
import { type DemoBillingCompany, profileFor, seedBillingHistory } from './billing-history.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD, generatedCompanyName, pickCountry, weightedState } from './demo-world.ts';
import { seedChurnHistory } from './churn-history.ts';
import { seededRandom } from './random.ts';

const DAY_MS = 86_400_000;
const BATCH = 1000;

export interface SeedOptions {
  /** Total companies wanted, the hand-made ones included. */
  companies: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

/** Seeds the demo world when the database has no companies yet. */
export async function seedDemoIfEmpty(db: Database, clock: Clock, opts: SeedOptions = { companies: 120 }): Promise<boolean> {
  if ((await tenancy.countCompanies(db)) > 0) return false;
  await seedWorld(db, clock, opts);
  return true;
}

/**
 * The deterministic demo world: the hand-made companies of demo-world.ts (one login per role and
 * state), then generated customers up to the wanted count. Dates are offsets from the seed time.
 */
export async function seedWorld(db: Database, clock: Clock, opts: SeedOptions): Promise<void> {
  const rnd = seededRandom(opts.seed ?? 20261121);
  const now = clock.now().getTime();
  const passwordHash = await users.hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  const billed: DemoBillingCompany[] = [];

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    for (const demo of DEMO_COMPANIES) {
      const createdAt = new Date(now - demo.age_days * DAY_MS);
      const [company] = await tenancy.createCompanies(t, [
        {
          company_name: demo.company_name,
          company_type: demo.company_type,
          current_state: demo.state,
          current_state_applied_at: new Date(now - Math.min(demo.age_days, 3) * DAY_MS),
          distributor_id: demo.distributor ? ids.get(demo.distributor) : null,
          plan_id: demo.state === 'TRIAL' ? 'Trial' : 'Growth',
          country: demo.country,
          phone_number: '+64 9 555 0100',
          city: 'Auckland',
          street_address: '1 Queen Street',
          postal_code: '1010',
          primary_email: demo.users[0]?.email ?? '',
          is_vip: demo.is_vip ?? false,
          is_partner_company: demo.is_partner_company ?? false,
          is_internal_comet_company: demo.is_internal_comet_company ?? false,
          can_have_sales: demo.company_type === 'admin',
          can_have_support: demo.company_type === 'admin',
          trial_expires_at: demo.state === 'TRIAL' ? new Date(createdAt.getTime() + 30 * DAY_MS) : null,
          created_at: createdAt,
          deleted_at: demo.state === 'DELETED' || demo.state === 'MIGRATED' ? new Date(now - DAY_MS) : null,
        },
      ]);
      if (!company) throw new Error('company insert returned nothing');
      ids.set(demo.key, company.id);
      if (demo.company_type === 'customer') {
        billed.push({ ...company, state: company.current_state, profile: profileFor(demo.key, demo.state) });
      }
      await users.createUsers(
        t,
        demo.users.map((u, i) => ({
          company_id: company.id,
          email: u.email,
          contact_name: u.contact_name,
          staff_role: u.staff_role ?? null,
          password_hash: passwordHash,
          is_primary_contact: i === 0,
          is_billing: i === 0,
          is_technical: i > 0,
          email_verified_at: createdAt,
          created_at: createdAt,
        })),
      );
    }
    // Two years of credit, services, daily stats and charges, so every billing screen has history.
    await seedBillingHistory(t, clock.now(), billed);
  });

  const distributors = [ids.get('dist1'), ids.get('dist2')].filter((x): x is number => x !== undefined);
  // Companies that churned, with their state history, for the Churn Tracking reports.
  const churned = await seedChurnHistory(db, clock.now());
  let n = DEMO_COMPANIES.length + churned;
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
      const inserted = await tenancy.createCompanies(t, batch);
      await users.createUsers(
        t,
        inserted.map((c) => ({
          company_id: c.id,
          email: c.primary_email,
          contact_name: `Owner of ${c.company_name}`,
          password_hash: passwordHash,
          is_primary_contact: true,
          is_billing: true,
          email_verified_at: c.created_at,
          created_at: c.created_at,
        })),
      );
    });
    n += size;
    opts.onProgress?.(n);
  }
}
