import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creditPacks } from '../billing/tables.ts';
import { companies } from '../tenancy/tables.ts';
import { users } from '../users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** What a card transaction did at the gateway: a $1 hold on a new card and its release, a charge, a refund. */
export const CARD_TRANSACTION_KINDS = ['hold', 'release', 'charge', 'refund'] as const;
export const cardTransactionKind = pgEnum('card_transaction_kind', CARD_TRANSACTION_KINDS);
export const INVOICE_STATUSES = ['UNPAID', 'PAID', 'VOID'] as const;
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);

/** The packs a customer may buy (spec-2 §3, top-up option). Soft-deleted so past transactions keep its name. */
export const topupOptions = pgTable(
  'topup_options',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** What the customer pays, in cents. */
    cost: cents('cost').notNull(),
    /** The credit the pack holds, in cents; above cost when the option gives free credit. */
    amount: cents('amount').notNull(),
    /** 0: the pack never expires. */
    expiry_length_days: integer('expiry_length_days').notNull().default(0),
    is_user_visible: boolean('is_user_visible').notNull().default(true),
    is_default: boolean('is_default').notNull().default(false),
    deleted_at: ts('deleted_at'),
    created_at: ts('created_at').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [
    check('topup_options_amounts', sql`${t.cost} >= 0 and ${t.amount} >= 0 and ${t.expiry_length_days} >= 0`),
    // At most one default among the options still offered.
    uniqueIndex('topup_options_default_uq').on(t.is_default).where(sql`${t.is_default} and ${t.deleted_at} is null`),
    index('topup_options_amount_idx').on(t.amount, t.id).where(sql`${t.deleted_at} is null`),
  ],
);

/** Promo codes (spec-2 §3): a fixed amount of credit, once per company, inside an optional window. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    promo_key: text('promo_key').notNull(),
    display_name: text('display_name').notNull(),
    /** null: no start (redeemable at once) / no finish. */
    start_at: ts('start_at'),
    finish_at: ts('finish_at'),
    amount: cents('amount').notNull(),
    deleted_at: ts('deleted_at'),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    check('promo_codes_amount', sql`${t.amount} >= 0`),
    // Customers type codes in any case: one live code per spelling.
    uniqueIndex('promo_codes_key_uq').on(sql`lower(${t.promo_key})`).where(sql`${t.deleted_at} is null`),
    index('promo_codes_list_idx').on(t.created_at.desc(), t.id.desc()).where(sql`${t.deleted_at} is null`),
  ],
);

/** A company's use of a promo code. The unique key is what makes a code redeem once per company under any concurrency. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promo_code_id: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    credit_pack_id: bigint('credit_pack_id', { mode: 'number' }).references(() => creditPacks.id),
    redeemed_at: ts('redeemed_at').notNull(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_code_company_uq').on(t.promo_code_id, t.company_id),
    index('promo_redemptions_company_idx').on(t.company_id, t.redeemed_at.desc()),
  ],
);

/** Saved cards: only the gateway's token and what the list shows; the card number never reaches the portal's tables. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    gateway_token: text('gateway_token').notNull(),
    /** The card holder's name. */
    card_name: text('card_name').notNull().default(''),
    /** The brand (Visa, Mastercard...). */
    card_type: text('card_type').notNull(),
    last4: text('last4').notNull(),
    expiry_month: integer('expiry_month').notNull(),
    expiry_year: integer('expiry_year').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    added_by_user_id: integer('added_by_user_id').references(() => users.id),
    created_at: ts('created_at').notNull(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    check('payment_cards_expiry', sql`${t.expiry_month} between 1 and 12`),
    uniqueIndex('payment_cards_default_uq').on(t.company_id).where(sql`${t.is_default} and ${t.deleted_at} is null`),
    index('payment_cards_company_idx').on(t.company_id, t.created_at.desc(), t.id.desc()).where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * Every request to the card gateway (spec-2 §3, card transaction). success is null while the answer is
 * unknown (sent, no reply yet): a retry with the same idempotency key asks the gateway again rather than
 * charging twice. request and response are stored with secrets redacted.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** null: a hold on a card not saved yet. */
    card_id: bigint('card_id', { mode: 'number' }).references(() => paymentCards.id),
    kind: cardTransactionKind('kind').notNull(),
    item: text('item').notNull(),
    charged_amount: cents('charged_amount').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    /** The spec's dps_transaction_id. */
    gateway_transaction_id: text('gateway_transaction_id'),
    success: boolean('success'),
    response_text: text('response_text').notNull().default(''),
    request: jsonb('request'),
    response: jsonb('response'),
    credit_pack_id: bigint('credit_pack_id', { mode: 'number' }).references(() => creditPacks.id),
    /** The custom invoice a charge paid (migration 0014); null for top-ups. */
    invoice_id: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    /** The top-up option a charge buys (migration 0048), for settling it when the page never came back. */
    topup_option_id: integer('topup_option_id').references(() => topupOptions.id),
    /** When the settling job last asked the gateway about this pending charge (docs/decisions/0071). */
    checked_at: ts('checked_at'),
    created_at: ts('created_at').notNull(),
    completed_at: ts('completed_at'),
  },
  (t) => [
    check('card_transactions_amount', sql`${t.charged_amount} >= 0`),
    uniqueIndex('card_transactions_invoice_paid_uq').on(t.invoice_id).where(sql`${t.invoice_id} is not null and ${t.success}`),
    index('card_transactions_bill_idx')
      .on(t.company_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.kind} = 'charge' and ${t.success}`),
    uniqueIndex('card_transactions_idempotency_uq').on(t.idempotency_key),
    index('card_transactions_company_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('card_transactions_card_idx').on(t.card_id, t.created_at.desc()).where(sql`${t.card_id} is not null`),
    index('card_transactions_pending_idx').on(t.created_at).where(sql`${t.success} is null`),
  ],
);

/** A company's payment settings: automatic top-up (spec-1 §3, spec-2 §9) and its monthly cap. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    company_id: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    /** null: automatic top-up off. */
    auto_topup_option_id: integer('auto_topup_option_id').references(() => topupOptions.id),
    auto_rebill_days_remaining: integer('auto_rebill_days_remaining').notNull().default(5),
    /** The most automatic top-ups may charge in a calendar month, in cents; null: no cap. */
    monthly_cap_cents: cents('monthly_cap_cents'),
    /** The Pacific/Auckland day of the last automatic top-up attempt: at most one a day. */
    last_auto_topup_day: date('last_auto_topup_day', { mode: 'string' }),
    updated_at: ts('updated_at').notNull(),
    /** Migration 0013 (docs/decisions/0028): automatic top-up on or off, the option kept either way. */
    auto_topup_enabled: boolean('auto_topup_enabled').notNull().default(false),
    /** The estimate was last seen at or above the threshold: the next fall below it tops up once. */
    auto_topup_armed: boolean('auto_topup_armed').notNull().default(true),
    auto_topup_checked_at: ts('auto_topup_checked_at'),
    /** The month (YYYY-MM) the spend cap last stopped a top-up and was mailed about. */
    cap_mailed_month: text('cap_mailed_month'),
  },
  (t) => [
    index('payment_settings_auto_topup_due_idx').on(t.auto_topup_checked_at.asc().nullsFirst()).where(sql`${t.auto_topup_enabled}`),
    check(
      'payment_settings_ranges',
      sql`${t.auto_rebill_days_remaining} between 1 and 14 and (${t.monthly_cap_cents} is null or ${t.monthly_cap_cents} >= 0)`,
    ),
  ],
);

/** Custom invoices an admin raises for a company (spec-1 §3, §4). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    ticket_search_id: text('ticket_search_id'),
    status: invoiceStatus('status').notNull().default('UNPAID'),
    /** The sum of its lines (quantity × cost), in cents. */
    total_cost: cents('total_cost').notNull(),
    paid_at: ts('paid_at'),
    voided_at: ts('voided_at'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    check('invoices_total', sql`${t.total_cost} >= 0`),
    index('invoices_company_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    item: text('item').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents per unit. */
    cost: cents('cost').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    check('invoice_lines_amounts', sql`${t.quantity} >= 0 and ${t.cost} >= 0`),
    uniqueIndex('invoice_lines_position_uq').on(t.invoice_id, t.position),
  ],
);

/**
 * A hosted card page session the portal started for a company ("add a card"): who may complete it, and the
 * card it became, so completing it twice saves one card.
 */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    gateway_session_id: text('gateway_session_id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: integer('user_id').references(() => users.id),
    card_id: bigint('card_id', { mode: 'number' }).references(() => paymentCards.id),
    /** How it ended: the gateway's answer text when it failed. */
    response_text: text('response_text'),
    created_at: ts('created_at').notNull(),
    completed_at: ts('completed_at'),
  },
  (t) => [index('card_authorizations_company_idx').on(t.company_id, t.created_at.desc())],
);

/*
 * The sandbox card processor's own state (docs/decisions/0024). It stands where a real processor's
 * systems would: the portal's code reaches it only through the gateway interface, and like a processor it
 * keeps a token and what the card list shows, never the card number.
 */
export const SANDBOX_SESSION_STATES = ['pending', 'challenge', 'tokenized', 'passed', 'failed'] as const;

export const sandboxGatewaySessions = pgTable(
  'sandbox_gateway_sessions',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    parent_origin: text('parent_origin').notNull(),
    state: text('state', { enum: SANDBOX_SESSION_STATES }).notNull(),
    token: text('token'),
    /** A charge's 3-D Secure challenge names its charge (migration 0022); a card page session has none. */
    transaction_id: text('transaction_id'),
    response_text: text('response_text').notNull().default(''),
    created_at: ts('created_at').notNull(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('sandbox_gateway_sessions_transaction_idx').on(t.transaction_id)],
);

export const sandboxGatewayCards = pgTable('sandbox_gateway_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiry_month: integer('expiry_month').notNull(),
  expiry_year: integer('expiry_year').notNull(),
  card_name: text('card_name').notNull(),
  behaviour: text('behaviour', {
    enum: ['approve', 'decline', 'error', 'challenge', 'decline_charges', 'timeout_charges'],
  }).notNull(),
  challenge_passed: boolean('challenge_passed').notNull().default(false),
  created_at: ts('created_at').notNull(),
});

export const sandboxGatewayTransactions = pgTable(
  'sandbox_gateway_transactions',
  {
    id: text('id').primaryKey(),
    /** The processor remembers every key: a replay answers the first request's row. */
    idempotency_key: text('idempotency_key').notNull(),
    kind: text('kind', { enum: ['authorize', 'release', 'charge', 'refund'] }).notNull(),
    token: text('token'),
    parent_id: text('parent_id'),
    amount: cents('amount').notNull(),
    status: text('status', { enum: ['approved', 'declined', 'error', 'challenge_required'] }).notNull(),
    response_text: text('response_text').notNull(),
    reversed_amount: cents('reversed_amount').notNull().default(0),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_gateway_transactions_key_uq').on(t.idempotency_key),
    check('sandbox_gateway_transactions_reversed', sql`${t.reversed_amount} between 0 and ${t.amount}`),
  ],
);

/** Billing's credit packs as a customer's bill shows them: a view billing publishes (migration 0014). */
export const billPacks = pgView('billing_bill_packs', {
  id: bigint('id', { mode: 'number' }).notNull(),
  company_id: integer('company_id').notNull(),
  name: text('name').notNull(),
  amount: cents('amount').notNull(),
  cost: cents('cost').notNull(),
  source: text('source').notNull(),
  creates_billing_entry: boolean('creates_billing_entry').notNull(),
  purchase_date: ts('purchase_date').notNull(),
}).existing();
