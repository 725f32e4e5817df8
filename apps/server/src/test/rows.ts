/**
 * The rows tests set up and inspect directly, so domain tests hold no SQL of their own (only a domain's
 * queries.ts and tables.ts may). Plain reads and writes by key, named for what they do: no rules of the
 * portal are repeated here, so a test that needs behaviour goes through the API or a service instead.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/db.ts';
import * as schema from '../schema.ts';

type Rows = { db: Database };

export type CompanyRow = typeof schema.companies.$inferSelect;
export type UserRow = typeof schema.users.$inferSelect;
export type CompanyEventRow = typeof schema.companyEvents.$inferSelect;
export type SessionRow = typeof schema.sessions.$inferSelect;
export type EmailTokenRow = typeof schema.emailTokens.$inferSelect;
export type ThrottleRow = typeof schema.authThrottle.$inferSelect;
export type ErrorReportRow = typeof schema.errorReports.$inferSelect;

// Companies and users

export async function companyRow(t: Rows, id: number): Promise<CompanyRow | undefined> {
  const [row] = await t.db.select().from(schema.companies).where(eq(schema.companies.id, id));
  return row;
}

/** Changes a company row as it stands, bypassing the services (to set up a state, or to test a trigger). */
export async function setCompany(t: Rows, id: number, changes: Partial<typeof schema.companies.$inferInsert>): Promise<void> {
  await t.db.update(schema.companies).set(changes).where(eq(schema.companies.id, id));
}

export async function userRow(t: Rows, id: number): Promise<UserRow | undefined> {
  const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}

/** Changes a user row as it stands, bypassing the services. */
export async function setUser(t: Rows, id: number, changes: Partial<typeof schema.users.$inferInsert>): Promise<void> {
  await t.db.update(schema.users).set(changes).where(eq(schema.users.id, id));
}

/** The company's history, oldest first. */
export async function companyEvents(t: Rows, companyId: number): Promise<CompanyEventRow[]> {
  return t.db.select().from(schema.companyEvents).where(eq(schema.companyEvents.company_id, companyId)).orderBy(schema.companyEvents.id);
}

// Sign-in

export async function sessionsOf(t: Rows, userId: number): Promise<SessionRow[]> {
  return t.db.select().from(schema.sessions).where(eq(schema.sessions.user_id, userId)).orderBy(schema.sessions.created_at);
}

/** Changes every session of a user as it stands, bypassing the services. */
export async function setSessionsOf(t: Rows, userId: number, changes: Partial<typeof schema.sessions.$inferInsert>): Promise<void> {
  await t.db.update(schema.sessions).set(changes).where(eq(schema.sessions.user_id, userId));
}

/** Gives a user a TOTP second factor as it stands, bypassing the enrolment. */
export async function insertTotp(t: Rows, userId: number, at: Date): Promise<void> {
  await t.db.insert(schema.userTotp).values({ user_id: userId, secret: 'JBSWY3DPEHPK3PXP', enabled_at: at });
}

/** The failed sign-in counter under a key ('account:<email>' or 'address:<ip>'), or null. */
export async function throttleRow(t: Rows, key: string): Promise<ThrottleRow | null> {
  const [row] = await t.db.select().from(schema.authThrottle).where(eq(schema.authThrottle.key, key));
  return row ?? null;
}

export async function setThrottle(t: Rows, row: typeof schema.authThrottle.$inferInsert): Promise<void> {
  const { key: _key, ...values } = row;
  await t.db.insert(schema.authThrottle).values(row).onConflictDoUpdate({ target: schema.authThrottle.key, set: values });
}

/** The signatures of the bot-challenge solutions remembered as used. */
export async function usedBotChallenges(t: Rows): Promise<string[]> {
  const rows = await t.db.select({ signature: schema.usedBotChallenges.signature }).from(schema.usedBotChallenges);
  return rows.map((r) => r.signature);
}

// Mail links

export async function emailTokensOf(t: Rows, userId: number): Promise<EmailTokenRow[]> {
  return t.db.select().from(schema.emailTokens).where(eq(schema.emailTokens.user_id, userId)).orderBy(schema.emailTokens.created_at);
}

// Second factors

/** Everything the security domain stores for a user: TOTP, security keys, recovery passphrase, security answers. */
export async function securityOf(t: Rows, userId: number) {
  const [totp] = await t.db.select().from(schema.userTotp).where(eq(schema.userTotp.user_id, userId));
  const keys = await t.db
    .select()
    .from(schema.webauthnCredentials)
    .where(eq(schema.webauthnCredentials.user_id, userId))
    .orderBy(schema.webauthnCredentials.created_at);
  const [passphrase] = await t.db.select().from(schema.recoveryPassphrases).where(eq(schema.recoveryPassphrases.user_id, userId));
  const answers = await t.db
    .select()
    .from(schema.securityAnswers)
    .where(eq(schema.securityAnswers.user_id, userId))
    .orderBy(schema.securityAnswers.question_id);
  return { totp: totp ?? null, keys, passphrase: passphrase ?? null, answers };
}

// Admin tools

export async function lastErrorReport(t: Rows): Promise<ErrorReportRow | null> {
  const [row] = await t.db.select().from(schema.errorReports).orderBy(desc(schema.errorReports.id)).limit(1);
  return row ?? null;
}

// Billing

export type CreditPackRow = typeof schema.creditPacks.$inferSelect;
export type LedgerRow = typeof schema.creditLedger.$inferSelect;
export type UsageRow = typeof schema.billingUsage.$inferSelect;
export type BillingServiceRow = typeof schema.billingServices.$inferSelect;

export async function creditPacksOf(t: Rows, companyId: number): Promise<CreditPackRow[]> {
  return t.db.select().from(schema.creditPacks).where(eq(schema.creditPacks.company_id, companyId)).orderBy(schema.creditPacks.id);
}

export async function ledgerRowsOf(t: Rows, companyId: number): Promise<LedgerRow[]> {
  return t.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.company_id, companyId)).orderBy(schema.creditLedger.id);
}

export async function usageRowsOf(t: Rows, companyId: number): Promise<UsageRow[]> {
  return t.db
    .select()
    .from(schema.billingUsage)
    .where(eq(schema.billingUsage.company_id, companyId))
    .orderBy(schema.billingUsage.charge_day, schema.billingUsage.id);
}

export async function servicesOf(t: Rows, companyId: number): Promise<BillingServiceRow[]> {
  return t.db
    .select()
    .from(schema.billingServices)
    .where(eq(schema.billingServices.company_id, companyId))
    .orderBy(schema.billingServices.id);
}

/** Changes a credit pack's row as it stands, bypassing the ledger (to plant a mismatch for the ledger check). */
export async function setCreditPack(t: Rows, id: number, changes: Partial<typeof schema.creditPacks.$inferInsert>): Promise<void> {
  await t.db.update(schema.creditPacks).set(changes).where(eq(schema.creditPacks.id, id));
}

/** Changes a usage row as it stands (a planted fault, which the usage row's keys may refuse), bypassing billing. */
export async function setUsageRow(t: Rows, id: number, changes: Partial<typeof schema.billingUsage.$inferInsert>): Promise<void> {
  await t.db.update(schema.billingUsage).set(changes).where(eq(schema.billingUsage.id, id));
}

/** Changes a company's cached balance as it stands, bypassing the ledger. */
export async function setBalance(t: Rows, companyId: number, balance: number): Promise<void> {
  await t.db.update(schema.billingAccounts).set({ balance }).where(eq(schema.billingAccounts.company_id, companyId));
}

/** The incremental ledger check's rows (its watermarks), oldest first. */
export async function ledgerChecks(t: Rows) {
  return t.db.select().from(schema.billingLedgerChecks).orderBy(schema.billingLedgerChecks.id);
}

/** The P1 alerts, oldest first. */
export async function alertRows(t: Rows) {
  return t.db.select().from(schema.alerts).orderBy(schema.alerts.id);
}

export async function billingAccountRow(t: Rows, companyId: number) {
  const [row] = await t.db.select().from(schema.billingAccounts).where(eq(schema.billingAccounts.company_id, companyId));
  return row ?? null;
}

export async function setBillingAccount(
  t: Rows,
  companyId: number,
  changes: Partial<typeof schema.billingAccounts.$inferInsert>,
): Promise<void> {
  await t.db.update(schema.billingAccounts).set(changes).where(eq(schema.billingAccounts.company_id, companyId));
}

/** Every company's usage rows of a charging day. */
export function usageRowsOfDay(t: Rows, day: string) {
  return t.db.select().from(schema.billingUsage).where(eq(schema.billingUsage.charge_day, day));
}

export type BillingDeviceRow = typeof schema.billingDevices.$inferSelect;

/** A device (backup user) as the servers report it, for the customer guarantee's refunds. */
export async function insertBillingDevice(t: Rows, row: typeof schema.billingDevices.$inferInsert): Promise<BillingDeviceRow> {
  const [made] = await t.db.insert(schema.billingDevices).values(row).returning();
  if (!made) throw new Error('no device');
  return made;
}

/** A company's devices, by key. */
export function billingDevicesOf(t: Rows, companyId: number): Promise<BillingDeviceRow[]> {
  return t.db
    .select()
    .from(schema.billingDevices)
    .where(eq(schema.billingDevices.company_id, companyId))
    .orderBy(schema.billingDevices.device_key);
}

// Payments

export type PromoRedemptionRow = typeof schema.promoRedemptions.$inferSelect;

export async function promoRedemptionsOf(t: Rows, companyId: number): Promise<PromoRedemptionRow[]> {
  return t.db
    .select()
    .from(schema.promoRedemptions)
    .where(eq(schema.promoRedemptions.company_id, companyId))
    .orderBy(schema.promoRedemptions.id);
}

/** A company's payment settings row as given (automatic top-up), bypassing the settings call. */
export async function setPaymentSettings(t: Rows, row: typeof schema.paymentSettings.$inferInsert): Promise<void> {
  await t.db.insert(schema.paymentSettings).values(row).onConflictDoUpdate({ target: schema.paymentSettings.company_id, set: row });
}

export async function topupOptionRow(t: Rows, id: number) {
  const [row] = await t.db.select().from(schema.topupOptions).where(eq(schema.topupOptions.id, id));
  return row ?? null;
}

/** A top-up option as given, bypassing the admin's call. */
export async function insertTopupOption(t: Rows, row: Partial<typeof schema.topupOptions.$inferInsert> & { cost: number; amount: number }) {
  const now = new Date();
  const [inserted] = await t.db
    .insert(schema.topupOptions)
    .values({ name: `$${row.amount / 100} top-up`, created_at: now, updated_at: now, ...row })
    .returning();
  if (!inserted) throw new Error('no top-up option');
  return inserted;
}

export async function setTopupOption(t: Rows, id: number, changes: Partial<typeof schema.topupOptions.$inferInsert>): Promise<void> {
  await t.db.update(schema.topupOptions).set(changes).where(eq(schema.topupOptions.id, id));
}

export async function cardTransactionsOf(t: Rows, companyId: number) {
  return t.db
    .select()
    .from(schema.cardTransactions)
    .where(eq(schema.cardTransactions.company_id, companyId))
    .orderBy(schema.cardTransactions.id);
}

export async function invoiceRow(t: Rows, id: number) {
  const [row] = await t.db.select().from(schema.invoices).where(eq(schema.invoices.id, id));
  return row ?? null;
}

/** Every row of every table in the public schema as text, to search for what must never be stored. */
export async function allTablesText(t: Rows): Promise<string> {
  const tables = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const res = (await t.db.execute(
      sql`select coalesce(string_agg(x::text, E'\n'), '') as text from ${sql.identifier(table_name)} x`,
    )) as unknown as {
      rows: { text: string }[];
    };
    parts.push(`${table_name}: ${res.rows[0]?.text ?? ''}`);
  }
  return parts.join('\n');
}

export type ServerLicenceRow = typeof schema.serverLicences.$inferSelect;

export async function licenceRow(t: Rows, serial: string): Promise<ServerLicenceRow | undefined> {
  const [row] = await t.db.select().from(schema.serverLicences).where(eq(schema.serverLicences.serial_number, serial));
  return row;
}

export async function setLicence(t: Rows, serial: string, changes: Partial<typeof schema.serverLicences.$inferInsert>): Promise<void> {
  await t.db.update(schema.serverLicences).set(changes).where(eq(schema.serverLicences.serial_number, serial));
}

export async function licenceLogCount(t: Rows, licenceId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(schema.serverLicenceLogs)
    .where(eq(schema.serverLicenceLogs.licence_id, licenceId));
  return row?.n ?? 0;
}

export async function dailyStatsOf(t: Rows, companyId: number) {
  return t.db.select().from(schema.dailyStats).where(eq(schema.dailyStats.company_id, companyId)).orderBy(desc(schema.dailyStats.date));
}

export async function storageAccountsOf(t: Rows, companyId: number) {
  return t.db.select().from(schema.storageAccounts).where(eq(schema.storageAccounts.company_id, companyId));
}

/** Writes a storage account's secret key as it is given, as rows written before keys were sealed hold it. */
export async function setStorageSecretKey(t: Rows, companyId: number, secretKey: string): Promise<void> {
  await t.db.update(schema.storageAccounts).set({ secret_key: secretKey }).where(eq(schema.storageAccounts.company_id, companyId));
}

export async function storageBucketsOf(t: Rows, companyId: number) {
  return t.db.select().from(schema.storageBuckets).where(eq(schema.storageBuckets.company_id, companyId)).orderBy(schema.storageBuckets.id);
}

export type HostedServerRow = typeof schema.hostedServers.$inferSelect;

export async function hostedRow(t: Rows, id: number): Promise<HostedServerRow | undefined> {
  const [row] = await t.db.select().from(schema.hostedServers).where(eq(schema.hostedServers.id, id));
  return row;
}

export async function hostedRowsOf(t: Rows, companyId: number): Promise<HostedServerRow[]> {
  return t.db.select().from(schema.hostedServers).where(eq(schema.hostedServers.company_id, companyId)).orderBy(schema.hostedServers.id);
}

export async function asyncTaskRow(t: Rows, id: number) {
  const [row] = await t.db.select().from(schema.hostedAsyncTasks).where(eq(schema.hostedAsyncTasks.id, id));
  return row;
}

// ---- server versions and the tv wall ----

export async function setHostedRow(t: Rows, id: number, changes: Partial<typeof schema.hostedServers.$inferInsert>): Promise<void> {
  await t.db.update(schema.hostedServers).set(changes).where(eq(schema.hostedServers.id, id));
}

/** A company's daily stats row for a day, as the servers would have reported it. */
/** A customer portal row as given, bypassing the enable call and the provisioner. */
export async function putCustomerPortal(t: Rows, row: typeof schema.customerPortals.$inferInsert): Promise<void> {
  await t.db.insert(schema.customerPortals).values(row);
}

export async function putDailyStats(t: Rows, row: Omit<typeof schema.dailyStats.$inferInsert, 'recorded_at'>): Promise<void> {
  await t.db.insert(schema.dailyStats).values({ ...row, recorded_at: new Date(`${row.date}T12:00:00Z`) });
}

/** A company's single sign-on row as stored (the client secret as kept), or null. */
export async function ssoRowOf(t: Rows, companyId: number) {
  const [row] = await t.db.select().from(schema.companySso).where(eq(schema.companySso.company_id, companyId));
  return row ?? null;
}

/** Stores a client secret as a row written before secrets were sealed holds it. */
export async function setSsoSecret(t: Rows, companyId: number, secret: string): Promise<void> {
  await t.db.update(schema.companySso).set({ client_secret: secret }).where(eq(schema.companySso.company_id, companyId));
}

/** `times` copies of ticket `id`'s row (company, subject, search words), for a list that must count many matches. */
export async function copyTicketRow(t: Rows, id: number, times: number): Promise<void> {
  await t.db.execute(sql`
    insert into tickets (hash, staff_hash, company_id, user_id, subject, type, open, search, created_at, updated_at, staff_updated_at)
    select hash, staff_hash, company_id, user_id, subject, type, open, search, created_at, updated_at, staff_updated_at
    from tickets cross join generate_series(1, ${times}) where id = ${id}`);
}

export async function setTicketRow(t: Rows, id: number, changes: Partial<typeof schema.tickets.$inferInsert>): Promise<void> {
  await t.db.update(schema.tickets).set(changes).where(eq(schema.tickets.id, id));
}

// ---- distributor usage ----

/**
 * A charge as the daily run would have written it: a stopped service of the kind and one usage row on the
 * day (each charge its own service, so a test may charge a kind twice on a day).
 */
export async function putCharge(
  t: Rows,
  row: { company_id: number; charge_day: string; kind: UsageRow['kind']; variant?: string; quantity: number; amount: number },
): Promise<void> {
  const at = new Date(`${row.charge_day}T12:00:00Z`);
  const [service] = await t.db
    .insert(schema.billingServices)
    .values({
      company_id: row.company_id,
      kind: row.kind,
      variant: row.variant ?? '',
      rebill_every_days: 1,
      next_charge_again_at: at,
      started_at: at,
      stopped_at: at,
      updated_at: at,
    })
    .returning({ id: schema.billingServices.id });
  if (!service) throw new Error('no service row');
  await t.db.insert(schema.billingUsage).values({
    company_id: row.company_id,
    service_id: service.id,
    charge_day: row.charge_day,
    kind: row.kind,
    variant: row.variant ?? '',
    quantity: row.quantity,
    unit_cost: 0,
    amount: row.amount,
    pricing_description: '',
    created_at: at,
  });
}

// ---- churn tracking ----

export async function stateChangesOf(t: Rows, companyId: number) {
  return t.db
    .select()
    .from(schema.companyStateChanges)
    .where(eq(schema.companyStateChanges.company_id, companyId))
    .orderBy(schema.companyStateChanges.created_at, schema.companyStateChanges.id);
}

/** A company's device charges, one per day given (putCharge). */
export async function putCharges(t: Rows, companyId: number, charges: { charge_day: string; amount: number }[]): Promise<void> {
  for (const c of charges)
    await putCharge(t, { company_id: companyId, charge_day: c.charge_day, kind: 'device', quantity: 1, amount: c.amount });
}

// ---- report downloads ----

/** A ledger row as billing would have written it: a charge names its usage row, and its pack or none (debt). The keys and checks of decision 0092 refuse one that does not fit. */
export async function putLedgerRow(t: Rows, row: typeof schema.creditLedger.$inferInsert): Promise<void> {
  await t.db.insert(schema.creditLedger).values(row);
}

// ---- current month ----

/** A company's first download of a version's installer for a platform (the version is made when missing). */
export async function putCompanyDownload(
  t: Rows,
  row: { company_id: number; version_key: string; platform: string; at: Date },
): Promise<void> {
  const [major = 0, minor = 0, patch = 0] = row.version_key.split('.').map(Number);
  await t.db
    .insert(schema.downloadVersions)
    .values({ version_key: row.version_key, major, minor, patch, created_at: row.at, updated_at: row.at })
    .onConflictDoNothing();
  const [version] = await t.db.select().from(schema.downloadVersions).where(eq(schema.downloadVersions.version_key, row.version_key));
  if (!version) throw new Error('no version');
  await t.db.insert(schema.companyDownloads).values({
    company_id: row.company_id,
    version_id: version.id,
    platform: row.platform,
    first_downloaded_at: row.at,
    last_downloaded_at: row.at,
  });
}

/** A ticket attachment's row (uploaded, attached or not), or null once removed. */
export async function attachmentRow(t: Rows, id: number) {
  const [row] = await t.db.select().from(schema.ticketAttachments).where(eq(schema.ticketAttachments.id, id));
  return row ?? null;
}

// ---- locks ----

/** How many of the database's sessions wait on a lock now (PostgreSQL: a race test waits on it, not on time). */
export async function sessionsWaitingOnLocks(t: Rows): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
