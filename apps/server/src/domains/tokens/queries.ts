import { and, desc, eq, getViewSelectedFields, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Database, preparedPerHandle } from '../../platform/db.ts';
import { apiTokens, tokenUserAccounts } from './tables.ts';

export type TokenRow = typeof apiTokens.$inferSelect;
export type NewToken = typeof apiTokens.$inferInsert;

export async function insertToken(db: Database, row: NewToken): Promise<TokenRow> {
  const [inserted] = await db.insert(apiTokens).values(row).returning();
  if (!inserted) throw new Error('token insert returned nothing');
  return inserted;
}

/** Every token request runs this lookup. */
const tokenWithAccount = preparedPerHandle((db) =>
  db
    .select({ token: apiTokens, account: getViewSelectedFields(tokenUserAccounts) })
    .from(apiTokens)
    .innerJoin(tokenUserAccounts, eq(tokenUserAccounts.user_id, apiTokens.user_id))
    .where(eq(apiTokens.token_hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('token_with_account'),
);

/** The token with the hash, with its user's account, whatever its state (the caller decides). */
export async function findTokenWithAccount(db: Database, hash: string) {
  const [row] = await tokenWithAccount(db).execute({ hash });
  return row ?? null;
}

/**
 * Records a use. Only moves last_used_at forward, so parallel requests finishing out of order never set
 * it back; one statement, so no lost update.
 */
export async function recordUse(db: Database, id: number, at: Date, ip: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ last_used_at: at, last_used_ip: ip })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.last_used_at), lte(apiTokens.last_used_at, at))));
}

/**
 * Claims the right to write a company event for a use: true for at most one request per token in each
 * window, however many run at once (a conditional update; the row lock makes the others see the claim).
 */
export async function claimUseEvent(db: Database, id: number, at: Date, windowMs: number): Promise<boolean> {
  const since = new Date(at.getTime() - windowMs);
  const rows = await db
    .update(apiTokens)
    .set({ last_event_at: at })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.last_event_at), lte(apiTokens.last_event_at, since))))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** A user's tokens, newest first: active ones (not revoked, not expired) or the others. */
export async function listUserTokens(db: Database, userId: number, restrict: 'active' | 'revoked', now: Date): Promise<TokenRow[]> {
  const live = and(isNull(apiTokens.revoked_at), or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, now)));
  const gone = or(isNotNull(apiTokens.revoked_at), lte(apiTokens.expires_at, now));
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.user_id, userId), restrict === 'active' ? live : gone))
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
}

export async function findUserToken(db: Database, userId: number, id: number): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.user_id, userId)));
  return row ?? null;
}

/** Revokes the token unless it already is: the revoked row, or null when another call got there first. */
export async function revokeToken(db: Database, id: number, at: Date): Promise<TokenRow | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revoked_at: at })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
    .returning();
  return row ?? null;
}
