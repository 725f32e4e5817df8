import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import type { RequestLogEntry } from '../../platform/request-log.ts';
import { errorReports, requestLog } from './tables.ts';

export async function insertErrorReport(db: Database, row: typeof errorReports.$inferInsert) {
  await db.insert(errorReports).values(row);
}

/** Holds the anonymous reports of one address to this transaction, so parallel reports are counted one after another. */
export async function lockAnonymousReports(db: Database, ip: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`error_reports:${ip}`}, 0))`);
}

export async function countAnonymousReportsSince(db: Database, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(errorReports)
    .where(and(eq(errorReports.ip, ip), isNull(errorReports.user_id), gte(errorReports.created_at, since)));
  return row?.n ?? 0;
}

/**
 * A batch of the request log as one JSON parameter: the statement's text is the same whatever the batch's
 * size, where the query builder spelt out every row's values (2% of a busy server's time under load).
 */
export async function insertRequestLog(db: Database, rows: RequestLogEntry[]) {
  if (!rows.length) return;
  await db.execute(sql`
    insert into ${requestLog} (company_id, user_id, ip, method, uri, created_at)
    select company_id, user_id, ip, method, uri, created_at
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as r(company_id integer, user_id integer, ip text, method text, uri text, created_at timestamptz)`);
}

export async function listRequestLog(db: Database, companyId: number, direction: 'asc' | 'desc', limit: number, offset: number) {
  const dir = direction === 'asc' ? asc : desc;
  const where = eq(requestLog.company_id, companyId);
  const [rows, [count]] = await Promise.all([
    db
      .select({ timestamp: requestLog.created_at, ip: requestLog.ip, method: requestLog.method, uri: requestLog.uri })
      .from(requestLog)
      .where(where)
      .orderBy(dir(requestLog.created_at), dir(requestLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(requestLog).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, timestamp: r.timestamp.toISOString() })), total: count?.n ?? 0 };
}
