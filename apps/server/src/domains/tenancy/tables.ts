import { COMPANY_STATES, COMPANY_TYPES } from '@portal/contract/shared/fields';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const companyState = pgEnum('company_state', COMPANY_STATES);
export const companyType = pgEnum('company_type', COMPANY_TYPES);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    company_name: text('company_name').notNull(),
    company_type: companyType('company_type').notNull().default('customer'),
    current_state: companyState('current_state').notNull().default('TRIAL'),
    current_state_applied_at: ts('current_state_applied_at').notNull().defaultNow(),
    distributor_id: integer('distributor_id').references((): AnyPgColumn => companies.id),
    plan_id: text('plan_id').notNull().default('Trial'),
    phone_number: text('phone_number').notNull().default(''),
    country: text('country').notNull().default('NZ'),
    city: text('city').notNull().default(''),
    street_address: text('street_address').notNull().default(''),
    postal_code: text('postal_code').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The primary contact's email, kept here so the company list can sort by it from an index. */
    primary_email: text('primary_email').notNull().default(''),
    is_vip: boolean('is_vip').notNull().default(false),
    is_partner_company: boolean('is_partner_company').notNull().default(false),
    is_internal_comet_company: boolean('is_internal_comet_company').notNull().default(false),
    can_have_sales: boolean('can_have_sales').notNull().default(false),
    can_have_support: boolean('can_have_support').notNull().default(false),
    can_have_comet_storage: boolean('can_have_comet_storage').notNull().default(true),
    has_contract_billing: boolean('has_contract_billing').notNull().default(false),
    customer_trial_length_days: integer('customer_trial_length_days').notNull().default(30),
    trial_expires_at: ts('trial_expires_at'),
    /** Days a distributor has added to the trial; the total stays within TRIAL_EXTENSION_MAX_DAYS. */
    trial_extension_days: integer('trial_extension_days').notNull().default(0),
    /** The plan chosen for after the trial (plan_user_selected_id); Convert To Paid makes it the plan. */
    plan_selected: text('plan_selected'),
    sales_id: integer('sales_id'),
    region_code: text('region_code').notNull().default('us-east'),
    /** Feature bits (all=1, active services=2, credit usage=4, support=256, storage=4096). */
    features: integer('features').notNull().default(1),
    custom_metadata_1: text('custom_metadata_1').notNull().default(''),
    custom_metadata_2: text('custom_metadata_2').notNull().default(''),
    custom_metadata_3: text('custom_metadata_3').notNull().default(''),
    can_view_billing_credit_usage: boolean('can_view_billing_credit_usage').notNull().default(true),
    can_view_billing_active_services: boolean('can_view_billing_active_services').notNull().default(true),
    has_oob_payment: boolean('has_oob_payment').notNull().default(false),
    has_comet_storage: boolean('has_comet_storage').notNull().default(false),
    /** A live customer portal (provisioning, ready or failed): kept by the customer-portal domain (decision 0057). */
    myclient_portal_enabled: boolean('myclient_portal_enabled').notNull().default(false),
    merchant_ref: text('merchant_ref').notNull().default(''),
    feature_voting_ref: text('feature_voting_ref').notNull().default(''),
    first_active_at: ts('first_active_at'),
    /** Every user of the company must set up two-factor before using the portal. */
    require_two_factor: boolean('require_two_factor').notNull().default(false),
    /** Whether a saved card exists: kept by payments as cards come and go, read by the auth context. */
    has_saved_card: boolean('has_saved_card').notNull().default(false),
    /** Set by Complete Signup; the promo code is kept for the billing domain to credit. */
    signup_completed_at: ts('signup_completed_at'),
    signup_promo_code: text('signup_promo_code').notNull().default(''),
    /** The state a pending delete left, so that Reactivate can return to it. */
    state_before_delete: companyState('state_before_delete'),
    /** Set on the new company a migration split off; the original keeps its history. */
    migrated_from_id: integer('migrated_from_id'),
    created_at: ts('created_at').notNull().defaultNow(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('companies_name_idx').on(t.company_name, t.id),
    index('companies_name_trgm_idx').using('gin', sql`${t.company_name} gin_trgm_ops`),
    index('companies_primary_email_idx').on(t.primary_email, t.id),
    index('companies_primary_email_trgm_idx').using('gin', sql`${t.primary_email} gin_trgm_ops`),
    index('companies_state_idx').on(t.current_state),
    index('companies_created_idx').on(t.created_at, t.id),
    index('companies_country_idx').on(t.country, t.id),
    // The distributor dashboard pages by name and counts by state within one distributor.
    index('companies_distributor_name_idx').on(t.distributor_id, t.company_name, t.id),
    index('companies_distributor_state_idx').on(t.distributor_id, t.current_state),
    index('companies_trial_expiry_idx').on(t.trial_expires_at).where(sql`${t.current_state} = 'TRIAL'`),
    index('companies_pending_delete_idx').on(t.current_state_applied_at).where(sql`${t.current_state} = 'PENDING_DELETE'`),
  ],
);

/** The company's history: every change, who made it, when. */
export const companyEvents = pgTable(
  'company_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    created_at: ts('created_at').notNull().defaultNow(),
    actor: text('actor').notNull(),
    event: text('event').notNull(),
  },
  (t) => [index('company_events_company_idx').on(t.company_id, t.created_at)],
);

/** Companies per state, kept by statement triggers on companies (migration 0002), so the tabs cost one tiny read. */
export const companyStateCounts = pgTable('company_state_counts', {
  state: companyState('state').primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * Every change of a company's state, kept by triggers on companies (migration 0037) whoever writes it; read
 * by reports through the report_company_state_changes view (churn tracking).
 */
export const companyStateChanges = pgTable(
  'company_state_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** null: the company was created in to_state. */
    from_state: companyState('from_state'),
    to_state: companyState('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    index('company_state_changes_created_idx').on(t.created_at, t.company_id),
    index('company_state_changes_company_idx').on(t.company_id, t.created_at),
  ],
);
