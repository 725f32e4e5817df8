import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { recoveryPassphrases, securityAnswers, userTotp, webauthnCredentials, webauthnRegistrations } from './tables.ts';

export type TotpRow = typeof userTotp.$inferSelect;
export type CredentialRow = typeof webauthnCredentials.$inferSelect;
export type PassphraseRow = typeof recoveryPassphrases.$inferSelect;

export async function findTotp(db: Database, userId: number): Promise<TotpRow | null> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.user_id, userId)).limit(1);
  return row ?? null;
}

export async function saveTotp(db: Database, row: typeof userTotp.$inferInsert): Promise<void> {
  await db
    .insert(userTotp)
    .values(row)
    .onConflictDoUpdate({
      target: userTotp.user_id,
      set: { secret: row.secret, enabled_at: row.enabled_at, last_used_step: row.last_used_step ?? 0 },
    });
}

/**
 * Records a used time step only if it is later than the last one, in one statement, so two
 * requests racing with the same code cannot both succeed. True when this request claimed it.
 */
export async function claimTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ last_used_step: step })
    .where(and(eq(userTotp.user_id, userId), lt(userTotp.last_used_step, step)))
    .returning({ user_id: userTotp.user_id });
  return rows.length > 0;
}

/** Replaces a TOTP seed stored before seeds were sealed with its sealed form. */
export async function sealStoredTotp(db: Database, userId: number, plain: string, sealed: string): Promise<void> {
  await db
    .update(userTotp)
    .set({ secret: sealed })
    .where(and(eq(userTotp.user_id, userId), eq(userTotp.secret, plain)));
}

export async function deleteTotp(db: Database, userId: number): Promise<number> {
  const rows = await db.delete(userTotp).where(eq(userTotp.user_id, userId)).returning({ user_id: userTotp.user_id });
  return rows.length;
}

export async function listCredentials(db: Database, userId: number): Promise<CredentialRow[]> {
  return db.select().from(webauthnCredentials).where(eq(webauthnCredentials.user_id, userId)).orderBy(asc(webauthnCredentials.created_at));
}

export async function findCredential(db: Database, id: string): Promise<CredentialRow | null> {
  const [row] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, id)).limit(1);
  return row ?? null;
}

export async function insertCredential(db: Database, row: typeof webauthnCredentials.$inferInsert): Promise<void> {
  await db.insert(webauthnCredentials).values(row);
}

/** Moves the counter forward only; a response whose counter did not grow loses the race. */
export async function recordCredentialUse(db: Database, id: string, counter: number, at: Date, previousCounter: number): Promise<boolean> {
  const rows = await db
    .update(webauthnCredentials)
    .set({ counter, last_used_at: at })
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.counter, previousCounter)))
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

export async function deleteCredentials(db: Database, userId: number): Promise<number> {
  const rows = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.user_id, userId))
    .returning({ id: webauthnCredentials.id });
  return rows.length;
}

export async function saveRegistrationChallenge(db: Database, userId: number, challenge: string, expiresAt: Date): Promise<void> {
  await db
    .insert(webauthnRegistrations)
    .values({ user_id: userId, challenge, expires_at: expiresAt })
    .onConflictDoUpdate({ target: webauthnRegistrations.user_id, set: { challenge, expires_at: expiresAt } });
}

/** The user's pending registration challenge, removed as it is read so that it serves once. */
export async function takeRegistrationChallenge(db: Database, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(webauthnRegistrations)
    .where(eq(webauthnRegistrations.user_id, userId))
    .returning({ challenge: webauthnRegistrations.challenge, expires_at: webauthnRegistrations.expires_at });
  return row && row.expires_at > now ? row.challenge : null;
}

export async function findPassphrase(db: Database, userId: number): Promise<PassphraseRow | null> {
  const [row] = await db.select().from(recoveryPassphrases).where(eq(recoveryPassphrases.user_id, userId)).limit(1);
  return row ?? null;
}

/** Removes the user's passphrase if it is still the one with this hash: false when another call took it first. */
export async function takePassphrase(db: Database, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .delete(recoveryPassphrases)
    .where(and(eq(recoveryPassphrases.user_id, userId), eq(recoveryPassphrases.passphrase_hash, hash)))
    .returning({ user_id: recoveryPassphrases.user_id });
  return rows.length === 1;
}

export async function savePassphrase(db: Database, row: PassphraseRow): Promise<void> {
  await db
    .insert(recoveryPassphrases)
    .values(row)
    .onConflictDoUpdate({
      target: recoveryPassphrases.user_id,
      set: { passphrase_hash: row.passphrase_hash, hint: row.hint, created_at: row.created_at },
    });
}

export async function answeredQuestionIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: securityAnswers.question_id })
    .from(securityAnswers)
    .where(eq(securityAnswers.user_id, userId))
    .orderBy(asc(securityAnswers.question_id));
  return rows.map((r) => r.id);
}

export async function replaceAnswers(db: Database, userId: number, answers: { question_id: number; answer_hash: string }[]): Promise<void> {
  await db.delete(securityAnswers).where(eq(securityAnswers.user_id, userId));
  if (answers.length) await db.insert(securityAnswers).values(answers.map((a) => ({ user_id: userId, ...a })));
}
