import { bigint, boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

/**
 * What reports read: views the owning domains publish (migration 0037 and later), never their tables, so an
 * owner can change its tables and keep the view (ARCHITECTURE.md). Reports write only their own tables.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const reportCompanies = pgView('report_companies', {
  company_id: integer('company_id').notNull(),
  company_name: text('company_name').notNull(),
  company_type: text('company_type').$type<'customer' | 'distributor'>().notNull(),
  current_state: text('current_state').notNull(),
  current_state_applied_at: ts('current_state_applied_at').notNull(),
  distributor_id: integer('distributor_id'),
  plan_id: text('plan_id').notNull(),
  plan_selected: text('plan_selected'),
  is_vip: boolean('is_vip').notNull(),
  is_partner_company: boolean('is_partner_company').notNull(),
  is_internal_comet_company: boolean('is_internal_comet_company').notNull(),
  has_contract_billing: boolean('has_contract_billing').notNull(),
  has_oob_payment: boolean('has_oob_payment').notNull(),
  can_have_comet_storage: boolean('can_have_comet_storage').notNull(),
  sales_id: integer('sales_id'),
  region_code: text('region_code').notNull(),
  country: text('country').notNull(),
  primary_email: text('primary_email').notNull(),
  custom_metadata_1: text('custom_metadata_1').notNull(),
  custom_metadata_2: text('custom_metadata_2').notNull(),
  custom_metadata_3: text('custom_metadata_3').notNull(),
  first_active_at: ts('first_active_at'),
  signup_completed_at: ts('signup_completed_at'),
  created_at: ts('created_at').notNull(),
  deleted_at: ts('deleted_at'),
}).existing();

export const reportCompanyStateChanges = pgView('report_company_state_changes', {
  id: bigint('id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  /** null: the company was created in to_state. */
  from_state: text('from_state'),
  to_state: text('to_state').notNull(),
  reason: text('reason').notNull(),
  created_at: ts('created_at').notNull(),
}).existing();

export const reportUsers = pgView('report_users', {
  user_id: integer('user_id').notNull(),
  company_id: integer('company_id').notNull(),
  email: text('email').notNull(),
  contact_name: text('contact_name').notNull(),
  is_primary_contact: boolean('is_primary_contact').notNull(),
  staff_role: text('staff_role'),
  deleted_at: ts('deleted_at'),
}).existing();

export const reportPlans = pgView('report_plans', {
  plan_id: text('plan_id').notNull(),
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
}).existing();

export const reportBalances = pgView('report_balances', {
  company_id: integer('company_id').notNull(),
  balance: cents('balance').notNull(),
  suspended_for_credit: boolean('suspended_for_credit').notNull(),
}).existing();

export const reportCreditPacks = pgView('report_credit_packs', {
  pack_id: bigint('pack_id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  name: text('name').notNull(),
  amount: cents('amount').notNull(),
  /** What was paid, in cents (0 for admin and promo credit). */
  cost: cents('cost').notNull(),
  source: text('source').notNull(),
  purchase_date: ts('purchase_date').notNull(),
  expiry_date: ts('expiry_date'),
  is_oob_payment: boolean('is_oob_payment').notNull(),
  amount_used: cents('amount_used').notNull(),
  amount_expired: cents('amount_expired').notNull(),
}).existing();

/** One charge of a service on a charge day (Pacific/Auckland calendar day). */
export const reportCharges = pgView('report_charges', {
  usage_id: bigint('usage_id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  service_id: bigint('service_id', { mode: 'number' }).notNull(),
  charge_day: date('charge_day', { mode: 'string' }).notNull(),
  kind: text('kind').notNull(),
  variant: text('variant').notNull(),
  details: text('details').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  unit_cost: integer('unit_cost').notNull(),
  amount: cents('amount').notNull(),
  created_at: ts('created_at').notNull(),
}).existing();

export const reportLedger = pgView('report_ledger', {
  ledger_id: bigint('ledger_id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  pack_id: bigint('pack_id', { mode: 'number' }),
  usage_id: bigint('usage_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  amount: cents('amount').notNull(),
  created_at: ts('created_at').notNull(),
}).existing();

export const reportServices = pgView('report_services', {
  service_id: bigint('service_id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  kind: text('kind').notNull(),
  variant: text('variant').notNull(),
  details: text('details').notNull(),
  owner_kind: text('owner_kind'),
  owner_id: text('owner_id'),
  rebill_every_days: integer('rebill_every_days').notNull(),
  unit_cost: integer('unit_cost').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  amount: cents('amount').notNull(),
  wasabi_usage_bytes: bigint('wasabi_usage_bytes', { mode: 'number' }),
  serial_count: integer('serial_count'),
  started_at: ts('started_at').notNull(),
  stopped_at: ts('stopped_at'),
}).existing();

export const reportDailyStats = pgView('report_daily_stats', {
  company_id: integer('company_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  device_count: integer('device_count').notNull(),
  booster_count: integer('booster_count').notNull(),
  booster_microsoft365: integer('booster_microsoft365').notNull(),
  booster_disk_image: integer('booster_disk_image').notNull(),
  booster_mssql: integer('booster_mssql').notNull(),
  booster_hyperv: integer('booster_hyperv').notNull(),
  booster_vmware: integer('booster_vmware').notNull(),
  booster_proxmox: integer('booster_proxmox').notNull(),
  storage_amount_bytes: bigint('storage_amount_bytes', { mode: 'number' }).notNull(),
  hosted_comet_v2_count: integer('hosted_comet_v2_count').notNull(),
  cloudview_count: integer('cloudview_count').notNull(),
  server_version: text('server_version').notNull(),
}).existing();

// ---- downloads ----
// The Downloads tab's files (migration 0042, docs/decisions/0062).

export const reportServerLicences = pgView('report_server_licences', {
  licence_id: integer('licence_id').notNull(),
  company_id: integer('company_id').notNull(),
  serial_number: text('serial_number').notNull(),
  enabled: boolean('enabled').notNull(),
  archived_at: ts('archived_at'),
  deleted_at: ts('deleted_at'),
  server_version: text('server_version').notNull(),
  last_seen_at: ts('last_seen_at'),
  counts_date: date('counts_date', { mode: 'string' }),
  num_clients_online: integer('num_clients_online').notNull(),
  num_boosters_online: integer('num_boosters_online').notNull(),
  booster_counts: jsonb('booster_counts').$type<Record<string, number>>().notNull(),
  created_at: ts('created_at').notNull(),
}).existing();

export const reportTickets = pgView('report_tickets', {
  ticket_id: integer('ticket_id').notNull(),
  company_id: integer('company_id').notNull(),
  subject: text('subject').notNull(),
  type: integer('type').notNull(),
  status: text('status').notNull(),
  priority: text('priority').notNull(),
  open: boolean('open').notNull(),
  direction: text('direction').notNull(),
  created_at: ts('created_at').notNull(),
  closed_at: ts('closed_at'),
  closed_by_user_id: integer('closed_by_user_id'),
  closed_reason: text('closed_reason'),
  closed_other_reason: text('closed_other_reason'),
  closed_resolution: text('closed_resolution'),
  merged_into_ticket_id: integer('merged_into_ticket_id'),
}).existing();

// ---- distributor usage ----

/** The labels a distributor gives its sub-accounts' custom metadata (published by companies, migration 0041). */
export const reportDistributorSettings = pgView('report_distributor_settings', {
  company_id: integer('company_id').notNull(),
  custom_metadata_1_label: text('custom_metadata_1_label').notNull(),
  custom_metadata_2_label: text('custom_metadata_2_label').notNull(),
  custom_metadata_3_label: text('custom_metadata_3_label').notNull(),
}).existing();

/** A distributor's commission percentages (0 to 100), set by admins; no row: both 0 (docs/decisions/0061). */
export const distributorCommissionRates = pgTable('distributor_commission_rates', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  discount_percent: integer('discount_percent').notNull().default(0),
  indirect_commission_percent: integer('indirect_commission_percent').notNull().default(0),
  updated_at: ts('updated_at').notNull(),
});

// ---- server versions and the tv wall ----
// The version report and the TV wall (migration 0043, docs/decisions/0063).

/** A licence or hosted console in service, with the version and device count it last reported (servers). */
export const reportServersInService = pgView('report_servers_in_service', {
  server_kind: text('server_kind').$type<'licence' | 'hosted'>().notNull(),
  server_id: integer('server_id').notNull(),
  company_id: integer('company_id').notNull(),
  version: text('version').notNull(),
  device_count: integer('device_count').notNull(),
}).existing();

/** When each ticket was opened and closed (tickets). */

// ---- current month ----
// The Current Month tab's widget cache and the views it reads besides 0037's (migration 0038, docs/decisions/0059).

/** A widget's answer, computed by the job or on a miss; `generation` counts regenerations (the race guard). */
export const reportWidgetCache = pgTable(
  'report_widget_cache',
  {
    widget_id: text('widget_id').notNull(),
    params: text('params').notNull().default(''),
    data: jsonb('data'),
    cached_at: ts('cached_at'),
    generation_ms: doublePrecision('generation_ms').notNull().default(0),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'report_widget_cache_pk', columns: [t.widget_id, t.params] })],
);

/** The devices the servers reported (billing), with the operating system reported for each, if any. */
export const reportDevices = pgView('report_devices', {
  device_id: bigint('device_id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  first_seen_at: ts('first_seen_at').notNull(),
  deleted_at: ts('deleted_at'),
  reported_os: text('reported_os'),
}).existing();

/** Which companies downloaded which installer platform, and when first (downloads). */
export const reportCompanyDownloads = pgView('report_company_downloads', {
  company_id: integer('company_id').notNull(),
  platform: text('platform').notNull(),
  first_downloaded_at: ts('first_downloaded_at').notNull(),
}).existing();
