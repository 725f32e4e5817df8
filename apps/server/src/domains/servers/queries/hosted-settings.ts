import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { hostedServers } from '../tables.ts';
import type { HostedRow } from './hosted.ts';

/**
 * The verification mail's cooldown (docs/decisions/0053): the send time, the address and the link's token move
 * only when the last mail is at least `cooldownMs` old, in one statement, so of parallel calls one wins.
 */
export async function claimVerificationSend(
  db: Database,
  o: { id: number; now: Date; cooldownMs: number; email: string; tokenHash: string },
): Promise<HostedRow | null> {
  const [row] = await db
    .update(hostedServers)
    .set({ verification_sent_at: o.now, verification_email: o.email, verification_token_hash: o.tokenHash })
    .where(
      and(
        eq(hostedServers.id, o.id),
        eq(hostedServers.state, 'ready'),
        eq(hostedServers.send_as_email_address, o.email),
        eq(hostedServers.send_as_email_verified, false),
        or(isNull(hostedServers.verification_sent_at), lte(hostedServers.verification_sent_at, new Date(o.now.getTime() - o.cooldownMs))),
      ),
    )
    .returning();
  return row ?? null;
}

/** The link's token: valid while newer than `notBefore` and while the console still sends as the address it went to. */
export async function confirmSender(db: Database, o: { tokenHash: string; notBefore: Date }): Promise<HostedRow | null> {
  const [row] = await db
    .update(hostedServers)
    .set({ send_as_email_verified: true, verification_token_hash: '' })
    .where(
      and(
        eq(hostedServers.verification_token_hash, o.tokenHash),
        ne(hostedServers.verification_token_hash, ''),
        ne(hostedServers.state, 'deleted'),
        gt(hostedServers.verification_sent_at, o.notBefore),
        sql`lower(${hostedServers.verification_email}) = lower(${hostedServers.send_as_email_address})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Remembers the DMARC lookup, unless the sender address changed meanwhile. */
export async function setDmarcVerified(db: Database, id: number, email: string, verified: boolean): Promise<HostedRow | null> {
  const [row] = await db
    .update(hostedServers)
    .set({ send_as_dmarc_verified: verified })
    .where(and(eq(hostedServers.id, id), eq(hostedServers.send_as_email_address, email)))
    .returning();
  return row ?? null;
}
