/** Custom invoices and their lines. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { countRows, pageOf, windowTotal } from '../../../platform/paging.ts';
import { cardTransactions, invoiceLines, invoices, paymentCards } from '../tables.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceWithLines = InvoiceRow & { lines: InvoiceLineRow[] };

export async function insertInvoice(
  db: Database,
  row: typeof invoices.$inferInsert,
  lines: { item: string; quantity: number; cost: number }[],
): Promise<InvoiceWithLines> {
  const [inv] = await db.insert(invoices).values(row).returning();
  if (!inv) throw new Error('invoice insert returned nothing');
  const saved = await db
    .insert(invoiceLines)
    .values(lines.map((l, position) => ({ ...l, invoice_id: inv.id, position })))
    .returning();
  return { ...inv, lines: saved.sort((a, b) => a.position - b.position) };
}

async function withLines(db: Database, rows: InvoiceRow[]): Promise<InvoiceWithLines[]> {
  if (!rows.length) return [];
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(
      inArray(
        invoiceLines.invoice_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(invoiceLines.invoice_id), asc(invoiceLines.position));
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.invoice_id === r.id) }));
}

/**
 * An invoice with its lines; `lock` takes its row lock, so a process and a void of it take turns; with
 * 'skip-locked', null while someone else holds it.
 */
export async function findInvoice(db: Database, id: number, lock: boolean | 'skip-locked' = false): Promise<InvoiceWithLines | null> {
  const q = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock === 'skip-locked' ? await q.for('update', { skipLocked: true }) : lock ? await q.for('update') : await q;
  return row ? ((await withLines(db, [row]))[0] ?? null) : null;
}

/** Moves an UNPAID invoice on; answers null when it is no longer UNPAID (someone else got there first). */
export async function settleUnpaid(
  db: Database,
  id: number,
  change: { status: 'PAID'; paid_at: Date } | { status: 'VOID'; voided_at: Date },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set(change)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'UNPAID')))
    .returning();
  return row ?? null;
}

export async function pageInvoices(db: Database, companyId: number, limit: number, offset: number) {
  const { rows, total } = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({ invoice: invoices, total: windowTotal() })
        .from(invoices)
        .where(eq(invoices.company_id, companyId))
        .orderBy(desc(invoices.created_at), desc(invoices.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countRows(db, invoices, eq(invoices.company_id, companyId)),
  );
  return {
    rows: await withLines(
      db,
      rows.map((r) => r.invoice),
    ),
    total,
  };
}

/** Failed (finished) charge attempts on an invoice: the next attempt's key counts them. */
export async function failedInvoiceAttempts(db: Database, invoiceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cardTransactions)
    .where(and(eq(cardTransactions.invoice_id, invoiceId), eq(cardTransactions.success, false)));
  return row?.n ?? 0;
}

export async function setCardTransactionInvoice(db: Database, cardTransactionId: number, invoiceId: number): Promise<void> {
  await db.update(cardTransactions).set({ invoice_id: invoiceId }).where(eq(cardTransactions.id, cardTransactionId));
}

/** A card as a receipt names it, deleted or not. */
export async function findCardAnyState(db: Database, id: number) {
  const [row] = await db.select().from(paymentCards).where(eq(paymentCards.id, id));
  return row ?? null;
}
