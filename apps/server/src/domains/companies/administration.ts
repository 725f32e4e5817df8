import { willDeleteAt } from '@portal/contract/shared/company-states';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { AUTO_REBILL_DAYS_DEFAULT } from '@portal/contract/payments/auto-payment';
import type { zAdminCompanyPatch } from '@portal/contract/companies/company-patch';
import { type PlanId, TRIAL_EXTENSION_MAX_DAYS, TRIAL_LENGTH_DAYS } from '@portal/contract/shared/plans';
import type { z } from 'zod';
import { hasRole, isAdmin } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { suspensionOf } from './suspension.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Plans in price order; an active company moves down this list only when an admin forces it. */
const PLAN_RANK: Record<PlanId, number> = { Trial: 0, Legacy: 1, Starter: 2, Growth: 3, Advanced: 4, Professional: 5, Enterprise: 6 };

export async function describe(ctx: CallContext, input: { target_id: number }): Promise<CompanyDetail> {
  const { db, actor } = ctx;
  const c = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const [people, distributor, settings, autoTopup, portal, stats] = await Promise.all([
    users.listActiveUsers({ db }, { companyId: c.id }),
    c.distributor_id === null ? null : tenancy.findCompany({ db }, { companyId: c.distributor_id }),
    c.distributor_id === null ? null : q.findDistributorSettings(db, c.distributor_id),
    q.findAutoTopup(db, c.id),
    q.findLivePortal(db, c.id),
    billing.latestDailyStats(ctx, { companyId: c.id }),
  ]);
  const staffView = hasRole(actor, 'admin') || hasRole(actor, 'support') || hasRole(actor, 'sales');
  return {
    id: c.id,
    company_name: c.company_name,
    company_type: c.company_type,
    notes: staffView ? c.notes : null,
    phone_number: c.phone_number,
    country: c.country,
    city: c.city,
    street_address: c.street_address,
    postal_code: c.postal_code,
    custom_metadata_1: c.custom_metadata_1,
    custom_metadata_2: c.custom_metadata_2,
    custom_metadata_3: c.custom_metadata_3,
    custom_metadata_labels: [
      settings?.custom_metadata_1_label ?? null,
      settings?.custom_metadata_2_label ?? null,
      settings?.custom_metadata_3_label ?? null,
    ],
    can_view_billing_credit_usage: c.can_view_billing_credit_usage,
    can_view_billing_active_services: c.can_view_billing_active_services,
    trial_extension: c.trial_extension_days,
    trial_expires_at: iso(c.trial_expires_at),
    created_at: c.created_at.toISOString(),
    deleted_at: iso(c.deleted_at),
    current_state: c.current_state,
    current_state_applied_at: c.current_state_applied_at.toISOString(),
    will_delete_at: willDeleteAt(c),
    suspension: await suspensionOf(ctx, c),
    plan_id: c.plan_id,
    plan_user_selected_id: c.plan_selected,
    distributor: distributor ? { id: distributor.id, company_name: distributor.company_name } : null,
    distributor_id: c.distributor_id,
    sales_id: c.sales_id,
    region_code: c.region_code,
    features: c.features,
    merchant_ref: staffView ? c.merchant_ref : null,
    feature_voting_ref: staffView ? c.feature_voting_ref : null,
    has_oob_payment: c.has_oob_payment,
    has_contract_billing: c.has_contract_billing,
    auto_topup_plan_name: autoTopup?.auto_topup_plan_name ?? null,
    auto_topup_days_remaining: autoTopup?.auto_topup_days_remaining ?? AUTO_REBILL_DAYS_DEFAULT,
    customer_trial_length_days: c.customer_trial_length_days,
    is_internal_comet_company: c.is_internal_comet_company,
    is_partner_company: c.is_partner_company,
    is_vip: c.is_vip,
    can_have_sales: c.can_have_sales,
    can_have_support: c.can_have_support,
    can_have_comet_storage: c.can_have_comet_storage,
    has_comet_storage: c.has_comet_storage,
    daily_stats: stats,
    users: people.map((user) => users.companyUserView(ctx, { user })),
    // As cloudview/status reads them (customer-portal's statusOf), from the view that domain publishes.
    myclient_portal_enabled: portal !== null,
    myclient_portal_activated: portal?.state === 'ready',
    myclient_suspended: c.current_state === 'SUSPENDED',
    myclient_url: portal?.state === 'ready' ? portal.url : '',
  };
}

/** The sales people a company can be assigned to. */
export const listSales = (ctx: CallContext) => users.listSalesStaff(ctx);

type Patch = z.output<typeof zAdminCompanyPatch>;

/** Maps patch fields onto columns; the rest of the patch is rules, checked below. */
const PLAIN_FIELDS = [
  'company_name',
  'phone_number',
  'country',
  'city',
  'street_address',
  'postal_code',
  'custom_metadata_1',
  'custom_metadata_2',
  'custom_metadata_3',
  'can_view_billing_credit_usage',
  'can_view_billing_active_services',
  'region_code',
  'notes',
  'merchant_ref',
  'feature_voting_ref',
  'features',
  'can_have_comet_storage',
] as const;

const FLAG_FIELDS = {
  target_company_type: 'company_type',
  target_sales_id: 'sales_id',
  target_has_oob_payment: 'has_oob_payment',
  target_has_contract_billing: 'has_contract_billing',
  target_customer_trial_length_days: 'customer_trial_length_days',
  target_is_internal: 'is_internal_comet_company',
  target_is_partner: 'is_partner_company',
  target_is_vip: 'is_vip',
  target_is_sales: 'can_have_sales',
  target_is_support: 'can_have_support',
} as const;

/**
 * Changes a company. Distributors reach only their sub-accounts and only the fields of their
 * contract; the rules of the spec's company form are enforced here too, and every changed field is
 * written to the company's history.
 */
export async function patch(ctx: CallContext, input: Partial<Patch> & { target_id: number }) {
  const { db, actor } = ctx;
  const c = await tenancy.requireOpenCompany(ctx, { companyId: input.target_id, mode: 'write' });
  if (!isAdmin(actor) && c.distributor_id !== actor.companyId) throw forbidden();

  const changes: tenancy.AdministeredFields = {};
  const fields: Record<string, string> = {};
  for (const key of PLAIN_FIELDS) {
    const value = input[key];
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value ?? (typeof c[key] === 'string' ? '' : c[key]);
  }
  for (const [key, column] of Object.entries(FLAG_FIELDS) as [keyof typeof FLAG_FIELDS, (typeof FLAG_FIELDS)[keyof typeof FLAG_FIELDS]][]) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[column] = input[key];
  }
  if (input.notes !== undefined && c.distributor_id !== null) fields.notes = 'Notes of a sub-account are kept by its distributor';
  if (input.target_company_type !== undefined && input.target_company_type !== c.company_type && c.company_type !== 'customer') {
    fields.target_company_type = 'Only a customer company can change type';
  }
  if ((input.target_is_sales !== undefined || input.target_is_support !== undefined) && c.company_type !== 'admin') {
    fields.target_is_sales = 'Sales and support apply to admin companies only';
  }
  if (input.target_sales_id) {
    const sales = await users.listSalesStaff({ db });
    if (!sales.some((s) => s.id === input.target_sales_id)) fields.target_sales_id = 'Choose a sales person';
  }
  if (input.extend_trial_days !== undefined) {
    const left = TRIAL_EXTENSION_MAX_DAYS - c.trial_extension_days;
    if (c.current_state !== 'TRIAL') fields.extend_trial_days = 'Only a trial can be extended';
    else if (input.extend_trial_days > left) fields.extend_trial_days = `The trial can be extended by at most ${left} more days`;
    else {
      const end = c.trial_expires_at ?? new Date(c.created_at.getTime() + TRIAL_LENGTH_DAYS * DAY_MS);
      changes.trial_extension_days = c.trial_extension_days + input.extend_trial_days;
      changes.trial_expires_at = new Date(end.getTime() + input.extend_trial_days * DAY_MS);
    }
  }
  if (input.target_plan_id !== undefined) {
    const plan = input.target_plan_id;
    if (c.current_state === 'TRIAL') changes.plan_selected = plan;
    else if (plan === 'Trial') fields.target_plan_id = 'Only a trial can be on the Trial plan';
    else if (PLAN_RANK[plan] < PLAN_RANK[c.plan_id as PlanId] && !(isAdmin(actor) && input.target_plan_force)) {
      fields.target_plan_id = 'A downgrade needs the force option (contact sales)';
    } else changes.plan_id = plan;
  }
  if (Object.keys(fields).length) throw badInput(fields);

  const changed = Object.entries(changes).filter(([k, v]) => String((c as Record<string, unknown>)[k] ?? '') !== String(v ?? ''));
  if (!changed.length) return null;
  const asJson = (v: unknown) => JSON.stringify(v instanceof Date ? v.toISOString() : v);
  // One history line per field changed; changed is not empty here.
  const history = changed.map(([k, v]) => `Changed ${k} from ${asJson((c as Record<string, unknown>)[k])} to ${asJson(v)}`);
  await tenancy.administer(ctx, { companyId: c.id, changes: Object.fromEntries(changed), history: history as [string, ...string[]] });
  return null;
}
