import { integer, pgTable, pgView, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

/** A distributor's own settings; the labels name its sub-accounts' custom metadata fields. */
export const distributorSettings = pgTable('distributor_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  custom_billing_url: text('custom_billing_url'),
  custom_support_url: text('custom_support_url'),
  custom_metadata_1_label: text('custom_metadata_1_label'),
  custom_metadata_2_label: text('custom_metadata_2_label'),
  custom_metadata_3_label: text('custom_metadata_3_label'),
  /** Applied to sub-accounts created after the change, never to existing ones. */
  default_subaccount_features: integer('default_subaccount_features').notNull().default(1),
});

/** The server regions a distributor may place its sub-accounts in. */
export const distributorRegions = pgTable(
  'distributor_regions',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    region_code: text('region_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.region_code] })],
);

/**
 * A company's automatic top-up as its record shows it (spec-1 §3): a view the payments domain publishes
 * (migration 0053). The plan name is null while automatic top-up is off; a company that never saved its
 * settings has no row.
 */
export const companyAutoTopup = pgView('company_auto_topup', {
  company_id: integer('company_id').notNull(),
  auto_topup_plan_name: text('auto_topup_plan_name'),
  auto_topup_days_remaining: integer('auto_topup_days_remaining').notNull(),
}).existing();

/** A company's live customer portal (provisioning, ready or failed): a view the customer-portal domain publishes (migration 0053). */
export const companyCustomerPortal = pgView('company_customer_portal', {
  company_id: integer('company_id').notNull(),
  state: text('state').$type<'provisioning' | 'ready' | 'failed'>().notNull(),
  url: text('url').notNull(),
}).existing();
