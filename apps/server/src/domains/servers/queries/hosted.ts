import { and, asc, desc, eq, ilike, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { hostedAsyncTasks, hostedServers } from '../tables.ts';

export type HostedRow = typeof hostedServers.$inferSelect;
export type NewHosted = typeof hostedServers.$inferInsert;
export type TaskRow = typeof hostedAsyncTasks.$inferSelect;
export type HostedState = HostedRow['state'];

/** States that hold one of the plan's hosted servers: everything but a failed build and a finished delete. */
const COUNTED: HostedState[] = ['provisioning', 'ready', 'deleting', 'delete_failed'];

export async function insertHosted(db: Database, row: NewHosted): Promise<HostedRow> {
  const [made] = await db.insert(hostedServers).values(row).returning();
  if (!made) throw new Error('hosted server not inserted');
  return made;
}

export async function insertTask(db: Database, row: typeof hostedAsyncTasks.$inferInsert): Promise<TaskRow> {
  const [made] = await db.insert(hostedAsyncTasks).values(row).returning();
  if (!made) throw new Error('task not inserted');
  return made;
}

export async function countHeld(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(hostedServers)
    .where(and(eq(hostedServers.company_id, companyId), inArray(hostedServers.state, COUNTED)));
  return row?.n ?? 0;
}

/** Consoles that exist (built and not yet removed): the day's hosted_comet_v2_count. */
export async function countRunning(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(hostedServers)
    .where(and(eq(hostedServers.company_id, companyId), inArray(hostedServers.state, ['ready', 'deleting', 'delete_failed'])));
  return row?.n ?? 0;
}

/** A console that is not deleted, locked until the transaction ends: the calls and the provisioner job take turns. */
export async function lockHosted(db: Database, id: number): Promise<HostedRow | null> {
  const [row] = await db
    .select()
    .from(hostedServers)
    .where(and(eq(hostedServers.id, id), ne(hostedServers.state, 'deleted')))
    .for('update');
  return row ?? null;
}

export async function findHosted(db: Database, id: number): Promise<HostedRow | null> {
  const [row] = await db
    .select()
    .from(hostedServers)
    .where(and(eq(hostedServers.id, id), ne(hostedServers.state, 'deleted')));
  return row ?? null;
}

export async function updateHosted(db: Database, id: number, changes: Partial<NewHosted>): Promise<HostedRow> {
  const [row] = await db.update(hostedServers).set(changes).where(eq(hostedServers.id, id)).returning();
  if (!row) throw new Error(`hosted server ${id} vanished`);
  return row;
}

/** Consoles the provisioner job should look at now, locked; rows another node holds are skipped. */
export async function lockDue(db: Database, now: Date, limit: number): Promise<HostedRow[]> {
  return db
    .select()
    .from(hostedServers)
    .where(
      and(
        inArray(hostedServers.state, ['provisioning', 'deleting']),
        or(isNull(hostedServers.next_check_at), lte(hostedServers.next_check_at, now)),
      ),
    )
    .orderBy(sql`${hostedServers.next_check_at} asc nulls first`, asc(hostedServers.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function findTask(db: Database, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(hostedAsyncTasks).where(eq(hostedAsyncTasks.id, id));
  return row ?? null;
}

export async function openTasks(db: Database, companyId: number): Promise<TaskRow[]> {
  return db
    .select()
    .from(hostedAsyncTasks)
    .where(and(eq(hostedAsyncTasks.company_id, companyId), isNull(hostedAsyncTasks.completed_at)))
    .orderBy(asc(hostedAsyncTasks.id));
}

export async function completeTasks(db: Database, hostedId: number, status: 'success' | 'error', message: string, now: Date) {
  await db
    .update(hostedAsyncTasks)
    .set({ status, message, completed_at: now })
    .where(and(eq(hostedAsyncTasks.hosted_server_id, hostedId), isNull(hostedAsyncTasks.completed_at)));
}

/** /my_servers: the company's consoles that are not deleted, favourites first, then newest. */
/** The columns /my_servers shows of a console (see LICENCE_TABLE_COLUMNS). */
const CONSOLE_TABLE_COLUMNS = {
  id: hostedServers.id,
  state: hostedServers.state,
  server_name: hostedServers.server_name,
  failure_message: hostedServers.failure_message,
  region: hostedServers.region,
  user_dns: hostedServers.user_dns,
  user_custom_dns: hostedServers.user_custom_dns,
  version: hostedServers.version,
  num_devices_online: hostedServers.num_devices_online,
  num_boosters_online: hostedServers.num_boosters_online,
  favourited: hostedServers.favourited,
  admin_username: hostedServers.admin_username,
  admin_password: hostedServers.admin_password,
  created_at: hostedServers.created_at,
};
export type ConsoleTableRow = { [K in keyof typeof CONSOLE_TABLE_COLUMNS]: HostedRow[K] };

export async function companyConsoles(db: Database, companyId: number, search: string): Promise<ConsoleTableRow[]> {
  const term = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(CONSOLE_TABLE_COLUMNS)
    .from(hostedServers)
    .where(
      and(
        eq(hostedServers.company_id, companyId),
        ne(hostedServers.state, 'deleted'),
        search ? or(ilike(hostedServers.server_name, term), ilike(hostedServers.user_dns, term)) : undefined,
      ),
    )
    .orderBy(desc(hostedServers.favourited), desc(hostedServers.created_at), desc(hostedServers.id));
}

/** Every console that is not deleted (optionally only some states), newest first. */
export async function pageAllConsoles(
  db: Database,
  o: { search: string; states?: HostedState[]; limit: number; offset: number },
): Promise<{ rows: HostedRow[]; total: number }> {
  const term = `%${o.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    o.states ? inArray(hostedServers.state, o.states) : notInArray(hostedServers.state, ['deleted']),
    o.search ? or(ilike(hostedServers.server_name, term), ilike(hostedServers.user_dns, term)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(hostedServers)
      .where(where)
      .orderBy(desc(hostedServers.created_at), desc(hostedServers.id))
      .limit(o.limit)
      .offset(o.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(hostedServers)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
