import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import type { RequestLogEntry } from '../../platform/request-log.ts';
import { errorReports, requestLog } from './tables.ts';

export async function insertErrorReport(db: Database, row: typeof errorReports.$inferInsert) {
  await db.insert(errorReports).values(row);
}

export async function insertRequestLog(db: Database, rows: RequestLogEntry[]) {
  await db.insert(requestLog).values(rows);
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
