import { bigserial, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Self-hosted server licences (spec-2 §3). A licence is one billing service (kind serial) while it is
 * neither archived nor deleted; what the server reports at check-in is kept here for /my_servers.
 */
export const serverLicences = pgTable(
  'server_licences',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    serial_number: text('serial_number').notNull(),
    name: text('name').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    archived_at: ts('archived_at'),
    deleted_at: ts('deleted_at'),
    favourited: boolean('favourited').notNull().default(false),
    /** '*' unlocked; 'ANY' locked, bound on first use; otherwise the address it is bound to. */
    allowed_ip_address: text('allowed_ip_address').notNull().default('*'),
    /** The machine a locked licence is bound to; empty while unbound. */
    allowed_machine_id: text('allowed_machine_id').notNull().default(''),
    server_version: text('server_version').notNull().default(''),
    last_ip: text('last_ip').notNull().default(''),
    last_machine_id: text('last_machine_id').notNull().default(''),
    last_seen_at: ts('last_seen_at'),
    /** The day (Pacific/Auckland) the counts below were reported for. */
    counts_date: date('counts_date', { mode: 'string' }),
    num_clients_online: integer('num_clients_online').notNull().default(0),
    num_boosters_online: integer('num_boosters_online').notNull().default(0),
    /** Boosters by kind, as the server last reported them (billing charges each kind). */
    booster_counts: jsonb('booster_counts').$type<Record<string, number>>().notNull().default({}),
    /** The admin's payload (the calculator's result), or null for the plan's. */
    payload_override: text('payload_override'),
    last_issue_end: ts('last_issue_end'),
    created_at: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('server_licences_serial').on(t.serial_number), index('server_licences_company').on(t.company_id, t.created_at)],
);

/** Every check-in the licence endpoint answered or refused, the newest few hundred per licence. */
export const serverLicenceLogs = pgTable(
  'server_licence_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    licence_id: integer('licence_id')
      .notNull()
      .references(() => serverLicences.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    ip: text('ip').notNull(),
    machine_id: text('machine_id').notNull(),
    version: text('version').notNull(),
    device_count: integer('device_count').notNull(),
    booster_count: integer('booster_count').notNull(),
    outcome: text('outcome').notNull(),
  },
  (t) => [index('server_licence_logs_licence').on(t.licence_id, t.id)],
);
