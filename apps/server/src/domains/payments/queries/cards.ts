/** Saved cards and the hosted card page sessions that add them. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { countRows, pageOf, windowTotal } from '../../../platform/paging.ts';
import { cardAuthorizations, cardTransactions, paymentCards } from '../tables.ts';

export type CardRow = typeof paymentCards.$inferSelect;
export type NewCardRow = typeof paymentCards.$inferInsert;
export type CardAuthorizationRow = typeof cardAuthorizations.$inferSelect;

const live = (companyId: number) => and(eq(paymentCards.company_id, companyId), isNull(paymentCards.deleted_at));

/** A page of the company's cards, default first then newest, each with its gateway history in brief. */
export async function pageCards(db: Database, companyId: number, limit: number, offset: number) {
  const stats = db
    .select({
      card_id: cardTransactions.card_id,
      last_transaction: sql<Date | null>`max(${cardTransactions.created_at})`.as('last_transaction'),
      successes: sql<number>`count(*) filter (where ${cardTransactions.success})`.mapWith(Number).as('successes'),
      failures: sql<number>`count(*) filter (where not ${cardTransactions.success})`.mapWith(Number).as('failures'),
      charged:
        sql<number>`coalesce(sum(${cardTransactions.charged_amount}) filter (where ${cardTransactions.success} and ${cardTransactions.kind} = 'charge'), 0)`
          .mapWith(Number)
          .as('charged'),
    })
    .from(cardTransactions)
    .where(eq(cardTransactions.company_id, companyId))
    .groupBy(cardTransactions.card_id)
    .as('stats');
  const { rows, total } = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({
          card: paymentCards,
          last_transaction: stats.last_transaction,
          successes: stats.successes,
          failures: stats.failures,
          charged: stats.charged,
          total: windowTotal(),
        })
        .from(paymentCards)
        .leftJoin(stats, eq(stats.card_id, paymentCards.id))
        .where(live(companyId))
        .orderBy(desc(paymentCards.is_default), desc(paymentCards.created_at), desc(paymentCards.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countCards(db, companyId),
  );
  return {
    total,
    rows: rows.map((r) => ({
      card: r.card,
      last_transaction: r.last_transaction ? new Date(r.last_transaction) : null,
      successes: r.successes ?? 0,
      failures: r.failures ?? 0,
      charged: r.charged ?? 0,
    })),
  };
}

export async function countCards(db: Database, companyId: number): Promise<number> {
  return countRows(db, paymentCards, live(companyId));
}

/** One of the company's saved cards; another company's card or a deleted one is not found. */
export async function findCard(db: Database, companyId: number, cardId: number): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(live(companyId), eq(paymentCards.id, cardId)));
  return row ?? null;
}

/** A saved card by id alone, whose company the caller then checks access to. */
export async function findCardById(db: Database, cardId: number): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), isNull(paymentCards.deleted_at)));
  return row ?? null;
}

export async function insertCard(db: Database, row: NewCardRow): Promise<CardRow> {
  const [card] = await db.insert(paymentCards).values(row).returning();
  if (!card) throw new Error('card insert returned nothing');
  return card;
}

/** Makes the card the company's only default (the caller holds the company lock). */
export async function setDefault(db: Database, companyId: number, cardId: number): Promise<void> {
  await db
    .update(paymentCards)
    .set({ is_default: false })
    .where(and(live(companyId), eq(paymentCards.is_default, true), sql`${paymentCards.id} <> ${cardId}`));
  await db
    .update(paymentCards)
    .set({ is_default: true })
    .where(and(live(companyId), eq(paymentCards.id, cardId)));
}

/** Deletes the card; true when it was there to delete. */
export async function softDelete(db: Database, companyId: number, cardId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(paymentCards)
    .set({ deleted_at: now, is_default: false })
    .where(and(live(companyId), eq(paymentCards.id, cardId)))
    .returning({ id: paymentCards.id });
  return rows.length > 0;
}

/** The newest remaining card, which becomes the default when the default goes. */
export async function newestCard(db: Database, companyId: number): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(live(companyId))
    .orderBy(desc(paymentCards.created_at), desc(paymentCards.id))
    .limit(1);
  return row ?? null;
}

export async function insertAuthorization(db: Database, row: typeof cardAuthorizations.$inferInsert): Promise<void> {
  await db.insert(cardAuthorizations).values(row);
}

/** The company's card session, locked so that two completions of it take turns. */
export async function lockAuthorization(db: Database, companyId: number, sessionId: string): Promise<CardAuthorizationRow | null> {
  const [row] = await db
    .select()
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.gateway_session_id, sessionId), eq(cardAuthorizations.company_id, companyId)))
    .for('update');
  return row ?? null;
}

export async function finishAuthorization(
  db: Database,
  sessionId: string,
  o: { card_id: number | null; response_text: string; completed_at: Date },
): Promise<void> {
  await db.update(cardAuthorizations).set(o).where(eq(cardAuthorizations.gateway_session_id, sessionId));
}
