import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { customerPortalLogins, customerPortals, LIVE_STATES, type PortalState } from './tables.ts';

export type PortalRow = typeof customerPortals.$inferSelect;
export type NewPortal = typeof customerPortals.$inferInsert;
export type LoginRow = typeof customerPortalLogins.$inferSelect;

/** The company's portal that counts as enabled (provisioning, ready or failed), if any. */
export async function findLive(db: Database, companyId: number): Promise<PortalRow | null> {
  const [row] = await db
    .select()
    .from(customerPortals)
    .where(and(eq(customerPortals.company_id, companyId), inArray(customerPortals.state, LIVE_STATES)));
  return row ?? null;
}

/** The same, locked until the transaction ends: a terminate waits for a provisioner step in progress. */
export async function lockLive(db: Database, companyId: number): Promise<PortalRow | null> {
  const [row] = await db
    .select()
    .from(customerPortals)
    .where(and(eq(customerPortals.company_id, companyId), inArray(customerPortals.state, LIVE_STATES)))
    .for('update');
  return row ?? null;
}

export async function findPortal(db: Database, id: number): Promise<PortalRow | null> {
  const [row] = await db.select().from(customerPortals).where(eq(customerPortals.id, id));
  return row ?? null;
}

export async function insertPortal(db: Database, row: NewPortal): Promise<PortalRow> {
  const [made] = await db.insert(customerPortals).values(row).returning();
  if (!made) throw new Error('customer portal not inserted');
  return made;
}

/**
 * Moves a portal on only from the states named: the row as changed, or null when another call or node moved it
 * first. Every state change goes through here, so two of them never both apply.
 */
export async function transition(db: Database, id: number, from: PortalState[], changes: Partial<NewPortal>): Promise<PortalRow | null> {
  const [row] = await db
    .update(customerPortals)
    .set(changes)
    .where(and(eq(customerPortals.id, id), inArray(customerPortals.state, from)))
    .returning();
  return row ?? null;
}

/** Portals the provisioner job should look at now, locked; rows another node holds are skipped. */
export async function lockDue(db: Database, now: Date, limit: number): Promise<PortalRow[]> {
  return db
    .select()
    .from(customerPortals)
    .where(
      and(
        inArray(customerPortals.state, ['provisioning', 'removing']),
        or(isNull(customerPortals.next_check_at), lte(customerPortals.next_check_at, now)),
      ),
    )
    .orderBy(sql`${customerPortals.next_check_at} asc nulls first`, asc(customerPortals.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Ready portals: the day's cloudview_count. */
export async function countReady(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(customerPortals)
    .where(and(eq(customerPortals.company_id, companyId), eq(customerPortals.state, 'ready')));
  return row?.n ?? 0;
}

/** Every portal of a company, newest first (tests and history). */
export async function portalsOf(db: Database, companyId: number): Promise<PortalRow[]> {
  return db.select().from(customerPortals).where(eq(customerPortals.company_id, companyId)).orderBy(asc(customerPortals.id));
}

export async function insertLogin(db: Database, row: typeof customerPortalLogins.$inferInsert): Promise<void> {
  await db.insert(customerPortalLogins).values(row);
}

export async function findLogin(db: Database, jti: string): Promise<LoginRow | null> {
  const [row] = await db.select().from(customerPortalLogins).where(eq(customerPortalLogins.jti, jti));
  return row ?? null;
}

/** Uses a sign-in once: the row when this call used it, null when it was used (or had expired) already. */
export async function consumeLogin(db: Database, jti: string, now: Date): Promise<LoginRow | null> {
  const [row] = await db
    .update(customerPortalLogins)
    .set({ used_at: now })
    .where(and(eq(customerPortalLogins.jti, jti), isNull(customerPortalLogins.used_at), gt(customerPortalLogins.expires_at, now)))
    .returning();
  return row ?? null;
}

/** Sign-ins past their expiry (used or not) say nothing any more. */
export async function purgeLogins(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(customerPortalLogins)
    .where(lt(customerPortalLogins.expires_at, before))
    .returning({ jti: customerPortalLogins.jti });
  return gone.length;
}
