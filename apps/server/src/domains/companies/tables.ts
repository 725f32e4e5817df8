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
    created_at: ts('created_at').notNull().defaultNow(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('companies_name_idx').on(t.company_name, t.id),
    index('companies_name_trgm_idx').using('gin', sql`${t.company_name} gin_trgm_ops`),
    index('companies_primary_email_idx').on(t.primary_email, t.id),
    index('companies_state_idx').on(t.current_state),
    index('companies_created_idx').on(t.created_at, t.id),
    index('companies_country_idx').on(t.country, t.id),
    index('companies_distributor_idx').on(t.distributor_id),
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
