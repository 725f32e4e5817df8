import { SERVICE_KINDS } from '@portal/contract/billing/fields';
import { CREDIT_SOURCES } from '@portal/contract/billing/credit-packs';
import type { CompanyState } from '@portal/contract/shared/fields';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const serviceKind = pgEnum('service_kind', SERVICE_KINDS);
export const creditSource = pgEnum('credit_source', CREDIT_SOURCES);
/**
 * What a ledger row records. credit/refund: a pack's amount arrives (+); charge: a usage row is paid by a
 * pack, or left as debt when pack_id is null (-); expire: what was left of a pack leaves (-); settle: a new
 * pack pays the debt, as a pair of rows (- on the pack, + on the debt) that leaves the balance as it was.
 */
export const LEDGER_KINDS = ['credit', 'refund', 'charge', 'expire', 'settle'] as const;
export const ledgerKind = pgEnum('ledger_kind', LEDGER_KINDS);

/** The plans (spec-2 §3): data, so prices and limits change without a release. */
export const billingPlans = pgTable('billing_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The plan's "from" price: cents per endpoint per month (Starter 300, the others 200; 0 for Trial and Enterprise). */
  amount: integer('amount').notNull(),
  /** Self-hosted licences and hosted consoles the plan allows; null: no limit. */
  default_serial_limit: integer('default_serial_limit'),
  default_hosted_server_limit: integer('default_hosted_server_limit'),
  /** Order by price (decision 0019): a higher rank is an upgrade. */
  rank: integer('rank').notNull(),
  /** Customers may pick it themselves (not Trial, Legacy, or Enterprise, which sales quote). */
  is_selectable: boolean('is_selectable').notNull(),
  description: text('description').notNull().default(''),
});

/**
 * The price of a service kind (and booster variant) on a plan. A charge is
 * round(unit_cost × units × rebill_every_days / per_days), units being the quantity (or, for storage, the
 * bytes in unit_size steps, at least minimum_units): docs/decisions/0021-billing-price-table.md.
 */
export const billingPrices = pgTable(
  'billing_prices',
  {
    plan_id: text('plan_id')
      .notNull()
      .references(() => billingPlans.id),
    kind: serviceKind('kind').notNull(),
    /** The booster's kind (microsoft365, disk_image, mssql, hyperv, vmware, proxmox); '' for other kinds. */
    variant: text('variant').notNull().default(''),
    unit_cost: integer('unit_cost').notNull(),
    /** The days unit_cost pays for (30: a month). */
    per_days: integer('per_days').notNull(),
    /** How often the service is charged: 30 (monthly) or 1 (daily). */
    rebill_every_days: integer('rebill_every_days').notNull(),
    /** The daily stats column the quantity comes from; null: the service's own quantity. */
    metric: text('metric'),
    /** Bytes per unit for storage (1 TB = 10^12); 1 for counted things. */
    unit_size: bigint('unit_size', { mode: 'number' }).notNull().default(1),
    /** Units charged at least (storage's 1 TB minimum); 0 for counted things. */
    minimum_units: integer('minimum_units').notNull().default(0),
    pricing_description: text('pricing_description').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.plan_id, t.kind, t.variant] }),
    check('billing_prices_positive', sql`${t.unit_cost} >= 0 and ${t.per_days} > 0 and ${t.rebill_every_days} > 0 and ${t.unit_size} > 0`),
  ],
);

/**
 * A company's balance, the sum of its ledger rows, kept here in the same transaction as every ledger
 * write. Every ledger write locks this row first, so charges, credits and expiries of a company take
 * turns; `npm run ledger:verify` re-derives it.
 */
export const billingAccounts = pgTable('billing_accounts', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  balance: cents('balance').notNull().default(0),
  /** Set when the lifecycle sweep suspended the company for running out of credit; cleared when it returns. */
  suspended_for_credit: boolean('suspended_for_credit').notNull().default(false),
  /** When the low-balance mail last went out; cleared by the next credit. */
  low_balance_mailed_at: ts('low_balance_mailed_at'),
  created_at: ts('created_at').notNull(),
});

/** Credit lots. amount_used and amount_expired are caches of the pack's ledger rows (checked by ledger:verify). */
export const creditPacks = pgTable(
  'credit_packs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    amount: cents('amount').notNull(),
    /** What was paid for it, in cents (0 for admin and promo credit). */
    cost: cents('cost').notNull().default(0),
    source: creditSource('source').notNull(),
    purchase_date: ts('purchase_date').notNull(),
    /** null: never expires. */
    expiry_date: ts('expiry_date'),
    added_by_user: text('added_by_user').notNull(),
    is_oob_payment: boolean('is_oob_payment').notNull().default(false),
    creates_billing_entry: boolean('creates_billing_entry').notNull().default(true),
    amount_used: cents('amount_used').notNull().default(0),
    amount_expired: cents('amount_expired').notNull().default(0),
    /** When its expire row was written. */
    expired_at: ts('expired_at'),
  },
  (t) => [
    check(
      'credit_packs_amounts',
      sql`${t.amount} > 0 and ${t.cost} >= 0 and ${t.amount_used} >= 0 and ${t.amount_expired} >= 0
      and ${t.amount_used} + ${t.amount_expired} <= ${t.amount}`,
    ),
    // What the ledger's (company_id, pack_id) key refers to: a ledger row names a pack of its own company.
    unique('credit_packs_company_id_id_uq').on(t.company_id, t.id),
    index('credit_packs_company_idx').on(t.company_id, t.purchase_date.desc(), t.id.desc()),
    // The customer's bill lists admins' credit entries among its card purchases (migration 0014, decision 0029).
    index('credit_packs_bill_entries_idx')
      .on(t.company_id, t.purchase_date.desc(), t.id.desc())
      .where(sql`${t.source} = 'admin' and ${t.creates_billing_entry}`),
    // The packs a charge may draw from, in drawing order: soonest-expiring first, never-expiring last.
    index('credit_packs_usable_idx')
      .on(t.company_id, sql`${t.expiry_date} asc nulls last`, t.id)
      .where(sql`${t.amount_used} + ${t.amount_expired} < ${t.amount}`),
    // Packs past their expiry that still hold credit, for the expiry job.
    index('credit_packs_expiring_idx')
      .on(t.expiry_date)
      .where(sql`${t.expiry_date} is not null and ${t.amount_used} + ${t.amount_expired} < ${t.amount}`),
  ],
);

/** A company's billable services (spec-2 §3, active service); product domains start, resize and stop them through billing. */
export const billingServices = pgTable(
  'billing_services',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: serviceKind('kind').notNull(),
    /** The booster's kind; '' for other kinds. */
    variant: text('variant').notNull().default(''),
    details: text('details').notNull().default(''),
    /** The resource in its owning domain ('licence', 'hosted_server', 'bucket'...), null for metered services. */
    owner_kind: text('owner_kind'),
    owner_id: text('owner_id'),
    hosted_server_id: integer('hosted_server_id'),
    rebill_every_days: integer('rebill_every_days').notNull(),
    next_charge_again_at: ts('next_charge_again_at').notNull(),
    /** Recomputed twice a day from the prices and the latest daily stats (what /my_active_services shows). */
    unit_cost: integer('unit_cost').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(1),
    amount: cents('amount').notNull().default(0),
    pricing_description: text('pricing_description').notNull().default(''),
    wasabi_usage_bytes: bigint('wasabi_usage_bytes', { mode: 'number' }),
    serial_count: integer('serial_count'),
    /** Storage the service comes with for its first 30 days (queries/services.ts#storageAllowance). */
    included_storage_bytes: bigint('included_storage_bytes', { mode: 'number' }).notNull().default(0),
    started_at: ts('started_at').notNull(),
    stopped_at: ts('stopped_at'),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [
    check('billing_services_cycle', sql`${t.rebill_every_days} > 0 and ${t.quantity} >= 0`),
    // What a usage row's (company_id, service_id) key refers to: it charges a service of its own company.
    unique('billing_services_company_id_id_uq').on(t.company_id, t.id),
    index('billing_services_company_idx').on(t.company_id, t.id).where(sql`${t.stopped_at} is null`),
    // One running service per resource of an owning domain, and per metered kind of a company.
    uniqueIndex('billing_services_owner_uq').on(t.owner_kind, t.owner_id).where(sql`${t.stopped_at} is null and ${t.owner_id} is not null`),
    uniqueIndex('billing_services_metered_uq')
      .on(t.company_id, t.kind, t.variant)
      .where(sql`${t.stopped_at} is null and ${t.owner_id} is null`),
  ],
);

/**
 * One charge: a service on a charge day (a calendar day in Pacific/Auckland). The unique key is what
 * makes the daily run charge each service at most once a day, whoever runs it and however often.
 */
export const billingUsage = pgTable(
  'billing_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id').notNull(),
    service_id: bigint('service_id', { mode: 'number' }).notNull(),
    charge_day: date('charge_day', { mode: 'string' }).notNull(),
    kind: serviceKind('kind').notNull(),
    variant: text('variant').notNull().default(''),
    details: text('details').notNull().default(''),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unit_cost: integer('unit_cost').notNull(),
    amount: cents('amount').notNull(),
    pricing_description: text('pricing_description').notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_usage_service_day_uq').on(t.service_id, t.charge_day),
    index('billing_usage_company_day_idx').on(t.company_id, t.charge_day.desc(), t.id.desc()),
    check('billing_usage_amount', sql`${t.amount} > 0`),
    // Keys that carry the company (decision 0092): the service charged is one of the row's own company, and
    // the ledger's (company_id, usage_id) key refers to this pair.
    foreignKey({
      name: 'billing_usage_service_fk',
      columns: [t.company_id, t.service_id],
      foreignColumns: [billingServices.company_id, billingServices.id],
    }),
    unique('billing_usage_company_id_id_uq').on(t.company_id, t.id),
  ],
);

/**
 * Every movement of credit, append-only, in signed cents. A charge row names the usage it pays and the
 * pack it draws from (its deduction: 'Packs Used'); a charge row without a pack is debt. Its keys carry the
 * company, so a row can only name a pack or a usage row of its own company, and every kind's sign is a
 * CHECK (decision 0092).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id').notNull(),
    pack_id: bigint('pack_id', { mode: 'number' }),
    usage_id: bigint('usage_id', { mode: 'number' }),
    kind: ledgerKind('kind').notNull(),
    amount: cents('amount').notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    // A company's rows, by pack (the rows without a pack are its debt), in order: one index for the company's
    // ledger, a pack's rows and the debt, where two were written per charge before (decision 0092).
    index('credit_ledger_company_pack_idx').on(t.company_id, t.pack_id, t.id),
    // A pack arrives once and expires once.
    uniqueIndex('credit_ledger_pack_arrival_uq').on(t.pack_id).where(sql`${t.kind} in ('credit', 'refund')`),
    uniqueIndex('credit_ledger_pack_expiry_uq').on(t.pack_id).where(sql`${t.kind} = 'expire'`),
    // A pack pays a usage row once; also how a usage row's charge rows are found.
    uniqueIndex('credit_ledger_usage_pack_uq').on(t.usage_id, t.pack_id).where(sql`${t.kind} = 'charge'`),
    foreignKey({
      name: 'credit_ledger_pack_fk',
      columns: [t.company_id, t.pack_id],
      foreignColumns: [creditPacks.company_id, creditPacks.id],
    }),
    foreignKey({
      name: 'credit_ledger_usage_fk',
      columns: [t.company_id, t.usage_id],
      foreignColumns: [billingUsage.company_id, billingUsage.id],
    }),
    // Each kind's sign and what it names; settle is a pair: - on the pack, + on the debt (no pack).
    check(
      'credit_ledger_signs',
      sql`case ${t.kind}
        when 'credit' then ${t.amount} > 0 and ${t.pack_id} is not null and ${t.usage_id} is null
        when 'refund' then ${t.amount} > 0 and ${t.pack_id} is not null and ${t.usage_id} is null
        when 'charge' then ${t.amount} < 0 and ${t.usage_id} is not null
        when 'expire' then ${t.amount} < 0 and ${t.pack_id} is not null and ${t.usage_id} is null
        when 'settle' then ${t.usage_id} is null and (${t.amount} < 0) = (${t.pack_id} is not null) and ${t.amount} <> 0
        else false end`,
    ),
  ],
);

/**
 * What a company ran on a day, as its servers report it (spec-2 §3, daily stats). Devices and boosters are
 * charged from these rows.
 */
export const dailyStats = pgTable(
  'daily_stats',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    date: date('date', { mode: 'string' }).notNull(),
    device_count: integer('device_count').notNull().default(0),
    /** All boosters, and each kind: Microsoft 365 counts protected accounts, the others protected items. */
    booster_count: integer('booster_count').notNull().default(0),
    booster_microsoft365: integer('booster_microsoft365').notNull().default(0),
    booster_disk_image: integer('booster_disk_image').notNull().default(0),
    booster_mssql: integer('booster_mssql').notNull().default(0),
    booster_hyperv: integer('booster_hyperv').notNull().default(0),
    booster_vmware: integer('booster_vmware').notNull().default(0),
    booster_proxmox: integer('booster_proxmox').notNull().default(0),
    storage_amount_bytes: bigint('storage_amount_bytes', { mode: 'number' }).notNull().default(0),
    hosted_comet_v2_count: integer('hosted_comet_v2_count').notNull().default(0),
    cloudview_count: integer('cloudview_count').notNull().default(0),
    server_version: text('server_version').notNull().default(''),
    recorded_at: ts('recorded_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.date] })],
);

/**
 * Devices (users) one by one, as the servers report them: for the customer guarantee, which credits back the
 * charges of a device deleted within customer_trial_length_days of first being seen (the weekly refund job).
 */
export const billingDevices = pgTable(
  'billing_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The device's id on its server, unique within the company. */
    device_key: text('device_key').notNull(),
    username: text('username').notNull(),
    first_seen_at: ts('first_seen_at').notNull(),
    deleted_at: ts('deleted_at'),
    /** Set once, with the pack that credited the charges back. */
    refunded_at: ts('refunded_at'),
    refund_pack_id: bigint('refund_pack_id', { mode: 'number' }).references(() => creditPacks.id),
    refund_amount: cents('refund_amount'),
    /** The operating system the device's server reports for it; null until one does (docs/decisions/0059). */
    reported_os: text('reported_os'),
  },
  (t) => [
    uniqueIndex('billing_devices_key_uq').on(t.company_id, t.device_key),
    index('billing_devices_refund_due_idx').on(t.deleted_at).where(sql`${t.deleted_at} is not null and ${t.refunded_at} is null`),
  ],
);

/**
 * The daily run's progress: one row per charge day, with the company it has reached. Days are charged in
 * order, batch by batch, each batch in its own transaction, so a run stopped half way resumes where it was.
 */
export const billingChargingDays = pgTable('billing_charging_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Companies up to this id are done for the day. */
  next_company_id: integer('next_company_id').notNull().default(0),
  charged: integer('charged').notNull().default(0),
  started_at: ts('started_at').notNull(),
  completed_at: ts('completed_at'),
});

/**
 * The incremental ledger check's watermark: each row checks the ledger and usage rows with ids in
 * (from, to], taken after a charging day (through_day) under a lock that lets every earlier row commit
 * first, so no row below a watermark is still on its way (ledger-checks.ts, decision 0092).
 */
export const billingLedgerChecks = pgTable(
  'billing_ledger_checks',
  {
    id: serial('id').primaryKey(),
    through_day: date('through_day', { mode: 'string' }).notNull(),
    ledger_from: bigint('ledger_from', { mode: 'number' }).notNull(),
    ledger_to: bigint('ledger_to', { mode: 'number' }).notNull(),
    usage_from: bigint('usage_from', { mode: 'number' }).notNull(),
    usage_to: bigint('usage_to', { mode: 'number' }).notNull(),
    taken_at: ts('taken_at').notNull(),
    checked_at: ts('checked_at'),
    mismatches: integer('mismatches'),
  },
  (t) => [
    // One check waits at a time, and one covers each day: a second runner finds it taken and leaves it.
    uniqueIndex('billing_ledger_checks_open_uq').on(sql`(${t.checked_at} is null)`).where(sql`${t.checked_at} is null`),
    uniqueIndex('billing_ledger_checks_day_uq').on(t.through_day),
    check('billing_ledger_checks_window', sql`${t.ledger_from} <= ${t.ledger_to} and ${t.usage_from} <= ${t.usage_to}`),
  ],
);

/**
 * What billing needs of a company: a view the tenancy domain publishes (migration 0010), so the charging run
 * joins companies without reading their table.
 */
export const companyBilling = pgView('company_billing', {
  company_id: integer('company_id').notNull(),
  current_state: text('current_state').$type<CompanyState>().notNull(),
  plan_id: text('plan_id').notNull(),
  has_contract_billing: boolean('has_contract_billing').notNull(),
  has_oob_payment: boolean('has_oob_payment').notNull(),
  customer_trial_length_days: integer('customer_trial_length_days').notNull(),
  company_name: text('company_name').notNull(),
}).existing();
