import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { alertPages, alerts } from '../tables.ts';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertPageRow = typeof alertPages.$inferSelect;

export async function insertAlert(db: Database, row: typeof alerts.$inferInsert): Promise<AlertRow> {
  const [made] = await db.insert(alerts).values(row).returning();
  if (!made) throw new Error('no alert');
  return made;
}

export async function recordPage(db: Database, row: typeof alertPages.$inferInsert): Promise<void> {
  await db.insert(alertPages).values(row);
}

/** Acknowledges once: false when it was already acknowledged (or does not exist). */
export async function acknowledge(db: Database, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ acknowledged_at: at })
    .where(and(eq(alerts.id, id), isNull(alerts.acknowledged_at)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

export async function alertExists(db: Database, id: number): Promise<boolean> {
  return (await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, id))).length > 0;
}

/** Alerts raised at or before `raisedBy` that nobody answered and that were not escalated yet. */
export async function unansweredSince(db: Database, raisedBy: Date, limit: number): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(and(isNull(alerts.acknowledged_at), isNull(alerts.escalated_at), lte(alerts.raised_at, raisedBy)))
    .orderBy(asc(alerts.id))
    .limit(limit);
}

/**
 * Claims an alert's escalation: a conditional update, so of two job runs at once exactly one gets the
 * row, and an acknowledgement that landed first wins.
 */
export async function claimEscalation(db: Database, id: number, at: Date): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(alerts)
    .set({ escalated_at: at })
    .where(and(eq(alerts.id, id), isNull(alerts.escalated_at), isNull(alerts.acknowledged_at)))
    .returning();
  return row;
}

export async function alertById(db: Database, id: number): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  return row;
}

export async function pagesOf(db: Database, alertId: number): Promise<AlertPageRow[]> {
  return db.select().from(alertPages).where(eq(alertPages.alert_id, alertId)).orderBy(asc(alertPages.id));
}
