import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
