import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type PortalState = 'provisioning' | 'ready' | 'failed' | 'removing' | 'removed';
/** A company's portal while it counts as enabled: at most one per company (the unique index below). */
export const LIVE_STATES: PortalState[] = ['provisioning', 'ready', 'failed'];

/**
 * Customer portal instances (CloudView; spec-1 §3, §4; docs/decisions/0057). `state` runs provisioning → ready (or
 * failed) → removing (terminated; retried until the provisioner has removed it) → removed. The provisioner's
 * operation ids say what it is building or removing. One cloudview billing service runs while a portal is ready.
 */
export const customerPortals = pgTable(
  'customer_portals',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    state: text('state').$type<PortalState>().notNull(),
    failure_message: text('failure_message').notNull().default(''),
    provision_operation: text('provision_operation').notNull().default(''),
    delete_operation: text('delete_operation').notNull().default(''),
    /** When the provisioner job next looks at a portal being built or removed; null: at once. */
    next_check_at: ts('next_check_at'),
    /** The instance's address, known once it is built. */
    url: text('url').notNull().default(''),
    created_at: ts('created_at').notNull(),
    ready_at: ts('ready_at'),
    terminated_at: ts('terminated_at'),
    removed_at: ts('removed_at'),
  },
  (t) => [
    uniqueIndex('customer_portals_live').on(t.company_id).where(sql`${t.state} IN ('provisioning', 'ready', 'failed')`),
    index('customer_portals_pending').on(t.next_check_at).where(sql`${t.state} IN ('provisioning', 'removing')`),
  ],
);

/**
 * The sign-in tokens issued for a portal (docs/decisions/0057): the token is signed and carries its own expiry;
 * the row makes it single-use (`used_at` is set once, by a conditional update) and says who it was issued to.
 */
export const customerPortalLogins = pgTable(
  'customer_portal_logins',
  {
    jti: text('jti').primaryKey(),
    portal_id: integer('portal_id')
      .notNull()
      .references(() => customerPortals.id),
    user_id: integer('user_id').notNull(),
    email: text('email').notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull(),
  },
  (t) => [index('customer_portal_logins_expiry').on(t.expires_at)],
);
