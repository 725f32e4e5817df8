import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './db.ts';

/** The rows a list query asks for: page n of page_size rows is limit page_size at offset (n - 1) × page_size. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * A page of a list whose rows each carry the list's total (a `count(*) over ()` column), so a page and its
 * total cost one statement. A page past the end has no row to carry the total: only then is the list counted
 * on its own; an empty first page is an empty list. Answers the shape of the contract's zPageOf.
 */
export async function pageOf<R extends { total: number }>(
  window: PageWindow,
  fetch: (window: PageWindow) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<{ rows: R[]; total: number }> {
  const rows = await fetch(window);
  const total = rows[0]?.total ?? (window.offset > 0 ? await count() : 0);
  return { rows, total };
}

/** The column that carries the list's total on each row of a page (see pageOf). */
export const windowTotal = () => sql<number>`count(*) over ()`.mapWith(Number);

/** How many rows of a table match: the count pageOf takes for a page past the end. */
export async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}
