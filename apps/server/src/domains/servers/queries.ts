import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { serverLicenceLogs, serverLicences } from './tables.ts';

export type LicenceRow = typeof serverLicences.$inferSelect;
export type NewLicence = typeof serverLicences.$inferInsert;
export type LicenceLogRow = typeof serverLicenceLogs.$inferSelect;

/** Neither archived nor deleted: it works, it is billed and it counts towards the plan's limit. */
const live = and(isNull(serverLicences.archived_at), isNull(serverLicences.deleted_at));
const notDeleted = isNull(serverLicences.deleted_at);

/** The new licence, or null when its serial is taken (the caller draws another). */
export async function insertLicence(db: Database, row: NewLicence): Promise<LicenceRow | null> {
  const [made] = await db.insert(serverLicences).values(row).onConflictDoNothing({ target: serverLicences.serial_number }).returning();
  return made ?? null;
}

export async function countLiveLicences(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(serverLicences)
    .where(and(eq(serverLicences.company_id, companyId), live));
  return row?.n ?? 0;
}

/** A licence that is not deleted, by its serial. */
export async function findLicence(db: Database, serial: string): Promise<LicenceRow | null> {
  const [row] = await db
    .select()
    .from(serverLicences)
    .where(and(eq(serverLicences.serial_number, serial), notDeleted));
  return row ?? null;
}

/** The same, locked until the transaction ends: changes and check-ins of one licence take turns. */
export async function lockLicence(db: Database, serial: string): Promise<LicenceRow | null> {
  const [row] = await db
    .select()
    .from(serverLicences)
    .where(and(eq(serverLicences.serial_number, serial), notDeleted))
    .for('update');
  return row ?? null;
}

export async function updateLicence(db: Database, id: number, changes: Partial<NewLicence>): Promise<LicenceRow> {
  const [row] = await db.update(serverLicences).set(changes).where(eq(serverLicences.id, id)).returning();
  if (!row) throw new Error(`licence ${id} vanished`);
  return row;
}

/** Check-ins that report a company's counts take turns, so each day's sum is read after the last one committed. */
export async function lockCompanyCounts(db: Database, companyId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`server_licences:counts:${companyId}`}, 0))`);
}

/** The day's devices and boosters of a company's live licences that reported that day. */
/**
 * The figures of the company's servers whose lease still runs: each one's latest check-in. A server counts
 * until its lease ends, so the first check-in of a day does not drop the servers that have not checked in yet.
 */
export async function countsOfLiveLeases(db: Database, companyId: number, now: Date) {
  return db
    .select({ devices: serverLicences.num_clients_online, boosters: serverLicences.booster_counts })
    .from(serverLicences)
    .where(and(eq(serverLicences.company_id, companyId), live, gt(serverLicences.last_issue_end, now)));
}

const searchOf = (q: string) => {
  const term = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q ? or(ilike(serverLicences.serial_number, term), ilike(serverLicences.name, term)) : undefined;
};

/** The columns /my_servers shows of a licence: mapping every column of every row was a fifth of the call's time. */
const LICENCE_TABLE_COLUMNS = {
  serial_number: serverLicences.serial_number,
  name: serverLicences.name,
  enabled: serverLicences.enabled,
  server_version: serverLicences.server_version,
  allowed_ip_address: serverLicences.allowed_ip_address,
  allowed_machine_id: serverLicences.allowed_machine_id,
  last_ip: serverLicences.last_ip,
  last_machine_id: serverLicences.last_machine_id,
  num_clients_online: serverLicences.num_clients_online,
  num_boosters_online: serverLicences.num_boosters_online,
  favourited: serverLicences.favourited,
  last_seen_at: serverLicences.last_seen_at,
  archived_at: serverLicences.archived_at,
  created_at: serverLicences.created_at,
};
export type LicenceTableRow = { [K in keyof typeof LICENCE_TABLE_COLUMNS]: LicenceRow[K] };

/** /my_servers: the company's live licences (or its archived ones), favourites first, then newest. */
export async function pageCompanyLicences(
  db: Database,
  companyId: number,
  o: { search: string; archived: boolean; limit: number; offset: number },
) {
  const state = o.archived ? and(isNotNull(serverLicences.archived_at), notDeleted) : live;
  const where = and(eq(serverLicences.company_id, companyId), state, searchOf(o.search));
  const [rows, [count]] = await Promise.all([
    db
      .select(LICENCE_TABLE_COLUMNS)
      .from(serverLicences)
      .where(where)
      .orderBy(desc(serverLicences.favourited), desc(serverLicences.created_at), desc(serverLicences.id))
      .limit(o.limit)
      .offset(o.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(serverLicences)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export interface AdminLicenceFilters {
  has_plan_override: boolean | null;
  has_valid_lease: boolean | null;
  /** One company's licences only (the company dialog); null: every company's. */
  company_id: number | null;
}

/** /manage_servers: every licence that is not deleted, newest first. */
export async function pageAllLicences(db: Database, search: string, f: AdminLicenceFilters, now: Date, limit: number, offset: number) {
  const where = and(
    notDeleted,
    searchOf(search),
    f.company_id === null ? undefined : eq(serverLicences.company_id, f.company_id),
    f.has_plan_override === null
      ? undefined
      : f.has_plan_override
        ? isNotNull(serverLicences.payload_override)
        : isNull(serverLicences.payload_override),
    f.has_valid_lease === null
      ? undefined
      : f.has_valid_lease
        ? gt(serverLicences.last_issue_end, now)
        : or(isNull(serverLicences.last_issue_end), lte(serverLicences.last_issue_end, now)),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(serverLicences)
      .where(where)
      .orderBy(desc(serverLicences.created_at), desc(serverLicences.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(serverLicences)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** How many check-ins are kept per licence. */
export const LOGS_KEPT = 200;

export async function insertLog(db: Database, row: typeof serverLicenceLogs.$inferInsert): Promise<void> {
  await db.insert(serverLicenceLogs).values(row);
  // Bounded: past LOGS_KEPT the oldest go; the index on (licence_id, id) keeps this a short range scan.
  await trimLogs(db, row.licence_id);
}

/**
 * What an answered check-in writes, in one statement (one round trip, not three): the licence's binding and
 * reported state, its log line, and the trim to LOGS_KEPT. The trim's scan runs on the statement's snapshot,
 * which holds the older lines but not the new one, so it keeps LOGS_KEPT - 1 of them, as insertLog does.
 */
export async function recordCheckIn(
  db: Database,
  licenceId: number,
  changes: Pick<
    NewLicence,
    | 'allowed_ip_address'
    | 'allowed_machine_id'
    | 'server_version'
    | 'last_ip'
    | 'last_machine_id'
    | 'counts_date'
    | 'num_clients_online'
    | 'num_boosters_online'
  > & { last_seen_at: Date; last_issue_end: Date; booster_counts: Record<string, number> },
  log: Omit<typeof serverLicenceLogs.$inferInsert, 'licence_id' | 'id'>,
): Promise<void> {
  const l = serverLicences;
  const g = serverLicenceLogs;
  await db.execute(sql`
    with changed as (
      update ${l} set
        allowed_ip_address = ${changes.allowed_ip_address}, allowed_machine_id = ${changes.allowed_machine_id},
        server_version = ${changes.server_version}, last_ip = ${changes.last_ip}, last_machine_id = ${changes.last_machine_id},
        last_seen_at = ${changes.last_seen_at.toISOString()}::timestamptz, counts_date = ${changes.counts_date}::date,
        num_clients_online = ${changes.num_clients_online}, num_boosters_online = ${changes.num_boosters_online},
        booster_counts = ${JSON.stringify(changes.booster_counts)}::jsonb, last_issue_end = ${changes.last_issue_end.toISOString()}::timestamptz
      where ${l.id} = ${licenceId}
      returning ${l.id}
    ), logged as (
      insert into ${g} (licence_id, at, ip, machine_id, version, device_count, booster_count, outcome)
      select id, ${log.at.toISOString()}::timestamptz, ${log.ip}, ${log.machine_id}, ${log.version}, ${log.device_count}, ${log.booster_count}, ${log.outcome}
      from changed
    )
    delete from ${g}
    where ${g.licence_id} = ${licenceId}
      and ${g.id} <= (
        select o.id from ${g} o where o.licence_id = ${licenceId} order by o.id desc offset ${LOGS_KEPT - 1} limit 1
      )`);
}

async function trimLogs(db: Database, licenceId: number): Promise<void> {
  await db.execute(sql`
    delete from ${serverLicenceLogs}
    where ${serverLicenceLogs.licence_id} = ${licenceId}
      and ${serverLicenceLogs.id} <= (
        select l.id from ${serverLicenceLogs} l where l.licence_id = ${licenceId} order by l.id desc offset ${LOGS_KEPT} limit 1
      )`);
}

export async function listLogs(db: Database, licenceId: number, limit = LOGS_KEPT): Promise<LicenceLogRow[]> {
  return db
    .select()
    .from(serverLicenceLogs)
    .where(eq(serverLicenceLogs.licence_id, licenceId))
    .orderBy(desc(serverLicenceLogs.id))
    .limit(limit);
}

/** The company's licences that still bill (for closing a company's services). */
export async function liveLicencesOf(db: Database, companyId: number): Promise<LicenceRow[]> {
  return db
    .select()
    .from(serverLicences)
    .where(and(eq(serverLicences.company_id, companyId), live))
    .orderBy(asc(serverLicences.id));
}
