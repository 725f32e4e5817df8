import { TRIAL_LENGTH_DAYS } from '@portal/contract/shared/plans';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;

interface NewCompanyInput {
  company_name: string;
  company_type: CompanyType;
  country: string;
  distributor_id: number | null;
  contact_name: string;
  email: string;
  password: string;
  plan_id?: string;
  notes?: string;
  flags?: Partial<Pick<tenancy.NewCompany, 'is_internal_comet_company' | 'is_partner_company' | 'is_vip'>>;
  /** Who created it, for the state history's first reason. */
  created_by: 'an admin' | 'its distributor';
}

/** A new company with its primary user. Customers start as a 30-day trial; staff and distributors start active. */
async function createCompany(ctx: CallContext, input: NewCompanyInput) {
  const { db, clock } = ctx;
  // Before the company row, so a taken address costs no insert; the user's creation checks it again.
  await users.requireFreeEmail({ db }, { email: input.email, field: 'target_email' });
  const now = clock.now();
  const trial = input.company_type === 'customer';
  const features =
    input.distributor_id === null ? 1 : ((await q.findDistributorSettings(db, input.distributor_id))?.default_subaccount_features ?? 1);
  const [company] = await tenancy.createCompanies(
    { db },
    {
      rows: [
        {
          company_name: input.company_name,
          company_type: input.company_type,
          country: input.country.toUpperCase(),
          distributor_id: input.distributor_id,
          current_state: trial ? 'TRIAL' : 'ACTIVE',
          current_state_applied_at: now,
          plan_id: 'Trial',
          plan_selected: trial && input.plan_id && input.plan_id !== 'Trial' ? input.plan_id : null,
          trial_expires_at: trial ? new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS) : null,
          features,
          notes: input.notes ?? '',
          primary_email: input.email,
          can_have_sales: input.company_type === 'admin',
          can_have_support: input.company_type === 'admin',
          created_at: now,
          ...input.flags,
        },
      ],
      reason: `Created by ${input.created_by} (${input.company_type})`,
    },
  );
  if (!company) throw new AppError(500, 'Internal Error');
  await users.createUser(ctx, {
    company_id: company.id,
    email: input.email,
    contact_name: input.contact_name,
    password: input.password,
    is_primary_contact: true,
    is_billing: true,
    staff_role: input.company_type === 'admin' ? 'admin' : null,
  });
  await ctx.audit(company.id, `Company created (${input.company_type})`);
  return { company_id: company.id };
}

export async function adminCreate(
  ctx: CallContext,
  input: {
    target_company_name: string;
    target_company_type: CompanyType;
    target_distributor_id?: number | null;
    target_country_code: string;
    target_contact_name: string;
    target_email: string;
    target_password: string;
    target_is_internal: boolean;
    target_is_partner: boolean;
    target_is_vip: boolean;
  },
) {
  // Only customers sit under a distributor; for other types the choice is reset, as on the form.
  const distributorId = input.target_company_type === 'customer' ? (input.target_distributor_id ?? null) : null;
  if (distributorId !== null) {
    const distributor = await tenancy.findCompany(ctx, { companyId: distributorId });
    if (distributor?.company_type !== 'distributor') throw badInput({ target_distributor_id: 'Choose a distributor' });
  }
  return createCompany(ctx, {
    company_name: input.target_company_name,
    company_type: input.target_company_type,
    country: input.target_country_code,
    distributor_id: distributorId,
    contact_name: input.target_contact_name,
    email: input.target_email,
    password: input.target_password,
    created_by: 'an admin',
    flags: {
      is_internal_comet_company: input.target_is_internal,
      is_partner_company: input.target_is_partner,
      is_vip: input.target_is_vip,
    },
  });
}

export async function distributorCreate(
  ctx: CallContext,
  input: {
    target_company_name: string;
    target_country_code: string;
    target_contact_name: string;
    target_email: string;
    target_password: string;
    target_plan_id: string;
    target_company_notes: string;
  },
) {
  return createCompany(ctx, {
    company_name: input.target_company_name,
    company_type: 'customer',
    country: input.target_country_code,
    distributor_id: ctx.actor.companyId,
    contact_name: input.target_contact_name,
    email: input.target_email,
    password: input.target_password,
    plan_id: input.target_plan_id,
    notes: input.target_company_notes,
    created_by: 'its distributor',
  });
}
