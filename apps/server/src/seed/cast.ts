import { hashPassword } from '../platform/password-hash.ts';
import { selectPlan } from '@portal/contract/billing/plans';
import { setupAccount } from '@portal/contract/account/account-settings';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { setDistributorCommission } from '@portal/contract/reports/distributor-usage';
import { convertToPaid, deleteCompany, migrateCompany } from '@portal/contract/companies/company-lifecycle';
import { adminCreateCreditPack } from '@portal/contract/billing/credit-packs';
import { createUser as createCompanyUser } from '@portal/contract/users/company-users';
import type { FastifyInstance } from 'fastify';
import * as tenancy from '../domains/tenancy/service.ts';
import * as users from '../domains/users/service.ts';
import { type Logger, runInContext, systemSource } from '../platform/context.ts';
import { asUser, type DemoClient } from './client.ts';
import { DEMO_PASSWORD, type DemoCompany } from './demo-world.ts';

/** A demo company as the story knows it once it exists: its id and the user who acts for it. */
export interface Member {
  demo: DemoCompany;
  companyId: number;
  userId: number;
}

const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The companies made so far, by key (distributors are looked up by their sub-accounts). */
export type Members = Map<string, Member>;

async function userOf(app: FastifyInstance, email: string): Promise<number> {
  const user = await users.findActiveUserByEmail(app.deps, { email });
  if (!user) throw new Error(`no user ${email}`);
  // The welcome mail's link was followed.
  await runInContext(app.deps, systemSource(QUIET), (ctx) =>
    users.markEmailVerified(ctx, { userId: user.id, at: ctx.clock.now(), proof: 'verification link' }),
  );
  return user.id;
}

/**
 * The vendor's own company and staff, as the portal is installed: the one part of the world no call can make,
 * since every call needs someone signed in.
 */
export async function install(app: FastifyInstance, demo: DemoCompany): Promise<Member> {
  const { db, clock } = app.deps;
  const [company] = await tenancy.createCompanies(
    { db },
    {
      rows: [
        {
          company_name: demo.company_name,
          company_type: 'admin',
          current_state: 'ACTIVE',
          current_state_applied_at: clock.now(),
          plan_id: 'Growth',
          country: demo.country,
          primary_email: demo.users[0]?.email ?? '',
          is_internal_comet_company: true,
          can_have_sales: true,
          can_have_support: true,
          created_at: clock.now(),
        },
      ],
      reason: 'Installed',
    },
  );
  if (!company) throw new Error('company insert returned nothing');
  const hash = await hashPassword(DEMO_PASSWORD);
  const staff = await users.createUsers(
    { db },
    {
      rows: demo.users.map((u, i) => ({
        company_id: company.id,
        email: u.email,
        contact_name: u.contact_name,
        staff_role: u.staff_role ?? null,
        password_hash: hash,
        is_primary_contact: i === 0,
        is_billing: i === 0,
        email_verified_at: clock.now(),
        created_at: clock.now(),
      })),
    },
  );
  return { demo, companyId: company.id, userId: staff[0]?.id ?? 0 };
}

/** Billing details every card needs (spec-2 §5), as the customer completes signup. */
const DETAILS = {
  company_phone_number: '+64 9 555 0100',
  company_address_street: '1 Queen Street',
  company_address_city: 'Auckland',
  company_address_postcode: '1010',
} as const;

/**
 * A company as its creator makes it: an admin (distributors, direct customers) or its distributor (sub-accounts),
 * with its primary user, who completes signup (the billing details a card needs); a customer picks the plan its
 * trial leads to.
 */
export async function create(app: FastifyInstance, admin: DemoClient, members: Members, demo: DemoCompany): Promise<Member> {
  const [primary, ...others] = demo.users;
  if (!primary) throw new Error(`${demo.key} has no user`);
  const base = {
    target_company_name: demo.company_name,
    target_country_code: demo.country,
    target_contact_name: primary.contact_name,
    target_email: primary.email,
    target_password: DEMO_PASSWORD,
  };
  const distributor = demo.distributor ? members.get(demo.distributor) : undefined;
  const { company_id } = distributor
    ? await asUser(app, distributor.userId, (c) =>
        c.call(distributorCreateCompany, { ...base, target_plan_id: demo.story?.plan ?? 'Trial', target_company_notes: '' }),
      )
    : await admin.call(adminCreateCompany, {
        ...base,
        target_company_type: demo.company_type,
        target_is_internal: false,
        target_is_partner: demo.is_partner_company ?? false,
        target_is_vip: demo.is_vip ?? false,
      });
  if (demo.rates) await admin.call(setDistributorCommission, { id: company_id, ...demo.rates });
  const member = { demo, companyId: company_id, userId: await userOf(app, primary.email) };
  await asUser(app, member.userId, async (c) => {
    await c.call(setupAccount, {
      company_name: demo.company_name,
      ...DETAILS,
      company_address_country: demo.country,
      user_promo_code: '',
    });
    if (demo.story?.plan && !distributor && demo.company_type === 'customer') await c.call(selectPlan, { target_plan_id: demo.story.plan });
    for (const u of others) {
      await c.call(createCompanyUser, {
        target_company_id: company_id,
        target_contact_name: u.contact_name,
        target_email: u.email,
        target_password: DEMO_PASSWORD,
        target_is_billing: false,
        target_is_technical: true,
      });
    }
  });
  for (const u of others) await userOf(app, u.email);
  return member;
}

/** The one who runs the company's account: its distributor for a sub-account, else an admin. */
async function asOperator<T>(app: FastifyInstance, admin: DemoClient, members: Members, m: Member, work: (c: DemoClient) => Promise<T>) {
  const distributor = m.demo.distributor ? members.get(m.demo.distributor) : undefined;
  return distributor ? asUser(app, distributor.userId, work) : work(admin);
}

/** The trial becomes a paid account, with the welcome credit an admin gives. */
export async function convert(app: FastifyInstance, admin: DemoClient, members: Members, m: Member): Promise<void> {
  await asOperator(app, admin, members, m, (c) => c.call(convertToPaid, { target_id: m.companyId }));
  const welcome = m.demo.story?.welcome_cents;
  if (welcome) await giveCredit(admin, m, welcome);
}

export async function giveCredit(admin: DemoClient, m: Member, cents: number): Promise<void> {
  await admin.call(adminCreateCreditPack, { target_id: m.companyId, target_name: 'Welcome credit', target_cost: 0, target_amount: cents });
}

/** Deleted by its own primary user: pending for 21 days, then the job deletes it. */
export async function remove(app: FastifyInstance, m: Member): Promise<void> {
  await asUser(app, m.userId, (c) => c.call(deleteCompany, { target_company_id: m.companyId, target_force: false }));
}

export async function removeForGood(admin: DemoClient, m: Member): Promise<void> {
  await admin.call(deleteCompany, { target_company_id: m.companyId, target_force: true, target_confirm_company_name: m.demo.company_name });
}

/** Migrated by an admin to a self-managed company that takes its users; the original stays, MIGRATED. */
export async function migrate(admin: DemoClient, m: Member): Promise<void> {
  await admin.call(migrateCompany, {
    target_id: m.companyId,
    target_distributor_id: null,
    target_confirm_company_name: m.demo.company_name,
  });
}
