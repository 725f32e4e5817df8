import { STAFF_ROLES } from '@portal/contract/shared/roles';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

export const staffRole = pgEnum('staff_role', STAFF_ROLES);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    contact_name: text('contact_name').notNull().default(''),
    password_hash: text('password_hash'),
    /** Only meaningful for users of an admin company. */
    staff_role: staffRole('staff_role'),
    is_primary_contact: boolean('is_primary_contact').notNull().default(false),
    is_technical: boolean('is_technical').notNull().default(false),
    is_billing: boolean('is_billing').notNull().default(false),
    notify_weekly_usage: boolean('notify_weekly_usage').notNull().default(false),
    browser_timezone: text('browser_timezone'),
    email_verified_at: ts('email_verified_at'),
    last_login_at: ts('last_login_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deleted_at} is null`),
    index('users_company_idx').on(t.company_id),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);
