import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/**
 * Hosted management consoles (spec-2 §3, §4; docs/decisions/0048). `state` runs provisioning (or failed) →
 * ready → deleting (or delete_failed, retried) → deleted; the provisioner's operation ids say what it is
 * building or removing. A console is one hosted_server billing service while it is ready or being deleted.
 */
export const hostedServers = pgTable(
  'hosted_servers',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    server_name: text('server_name').notNull(),
    region: text('region').notNull(),
    state: text('state').$type<'provisioning' | 'failed' | 'ready' | 'deleting' | 'delete_failed' | 'deleted'>().notNull(),
    failure_message: text('failure_message').notNull().default(''),
    provision_operation: text('provision_operation').notNull().default(''),
    delete_operation: text('delete_operation').notNull().default(''),
    /** When the provisioner job next looks at a console being built or removed; null: at once. */
    next_check_at: ts('next_check_at'),
    user_dns: text('user_dns').notNull().default(''),
    user_custom_dns: text('user_custom_dns').notNull().default(''),
    version: text('version').notNull().default(''),
    admin_username: text('admin_username').notNull().default(''),
    admin_password: text('admin_password').notNull().default(''),
    /** The licence the console's server runs under, as the provisioner reports it (/manage_tenant_hosts). */
    licence: text('licence').notNull().default(''),
    send_as_email_address: text('send_as_email_address').notNull(),
    send_as_display_name: text('send_as_display_name').notNull(),
    storage_type: text('storage_type').$type<'none' | 'cspbw' | 'wasabi' | 'backblaze'>().notNull(),
    storage_bucket: text('storage_bucket').notNull().default(''),
    storage_access_key: text('storage_access_key').notNull().default(''),
    /** Write-only: handed to the provisioner, never answered. */
    storage_secret_key: text('storage_secret_key').notNull().default(''),
    /** The storage a console comes with (5 TB for 30 days from ready, spec-1 §9); the storage product bills nothing for it yet. */
    included_storage_bytes: bigint('included_storage_bytes', { mode: 'number' }).notNull().default(0),
    included_storage_expires_at: ts('included_storage_expires_at'),
    /** The settings dialog (spec-1 §3; docs/decisions/0053): the custom domain is used only once switched on. */
    use_custom_dns: boolean('use_custom_dns').notNull().default(false),
    send_as_email_verified: boolean('send_as_email_verified').notNull().default(false),
    send_as_dmarc_verified: boolean('send_as_dmarc_verified').notNull().default(false),
    smtp_mode: text('smtp_mode').$type<'ses' | 'smtp'>().notNull().default('ses'),
    smtp_host: text('smtp_host').notNull().default(''),
    smtp_port: integer('smtp_port').notNull().default(587),
    smtp_username: text('smtp_username').notNull().default(''),
    /** Write-only: never answered; an update that leaves it empty keeps it. */
    smtp_password: text('smtp_password').notNull().default(''),
    smtp_security: text('smtp_security').$type<'tls' | 'starttls' | 'plain'>().notNull().default('tls'),
    smtp_accept_invalid_certificate: boolean('smtp_accept_invalid_certificate').notNull().default(false),
    /** The last verification mail: its time (the 60 s cooldown), the address it went to and its link's token hash. */
    verification_sent_at: ts('verification_sent_at'),
    verification_email: text('verification_email').notNull().default(''),
    verification_token_hash: text('verification_token_hash').notNull().default(''),
    num_devices_online: integer('num_devices_online').notNull().default(0),
    num_boosters_online: integer('num_boosters_online').notNull().default(0),
    favourited: boolean('favourited').notNull().default(false),
    created_at: ts('created_at').notNull(),
    ready_at: ts('ready_at'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('hosted_servers_company').on(t.company_id, t.created_at)],
);

/** Asynchronous tasks (spec-1 §4): a console's creation, open until the provisioner finishes or fails. */
export const hostedAsyncTasks = pgTable(
  'hosted_async_tasks',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    hosted_server_id: integer('hosted_server_id')
      .notNull()
      .references(() => hostedServers.id),
    action: text('action').$type<'CREATE'>().notNull(),
    status: text('status').$type<'running' | 'success' | 'error'>().notNull(),
    message: text('message').notNull().default(''),
    created_at: ts('created_at').notNull(),
    completed_at: ts('completed_at'),
  },
  (t) => [index('hosted_async_tasks_company').on(t.company_id, t.id)],
);
