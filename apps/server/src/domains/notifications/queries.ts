import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { type EMAIL_TOKEN_PURPOSES, emailTokens } from './tables.ts';

export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function insertEmailToken(db: Database, row: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(row);
}

/** Ends every unused token of the user for the purpose (a newer link replaces the older ones). */
export async function retireEmailTokens(db: Database, userId: number, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ used_at: now })
    .where(and(eq(emailTokens.user_id, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.used_at)));
}

/** Marks a live token used and returns it, in one statement, so two clicks cannot both use it. */
export async function takeEmailToken(db: Database, id: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailTokenRow | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ used_at: now })
    .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose), isNull(emailTokens.used_at), gt(emailTokens.expires_at, now)))
    .returning();
  return row ?? null;
}

/** Deletes expired tokens, and used ones a day after their use. */
export async function deleteExpired(db: Database, now: Date): Promise<number> {
  const tokens = await db
    .delete(emailTokens)
    .where(or(lte(emailTokens.expires_at, now), lte(emailTokens.used_at, new Date(now.getTime() - 86_400_000))))
    .returning({ id: emailTokens.id });
  return tokens.length;
}
