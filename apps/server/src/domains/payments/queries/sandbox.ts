/** The sandbox card processor's own rows (docs/decisions/0024): its store behind the gateway interface. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import type { SandboxCardRow, SandboxSessionRow, SandboxStore, SandboxTransactionRow } from '../gateway/sandbox.ts';
import { sandboxGatewayCards, sandboxGatewaySessions, sandboxGatewayTransactions } from '../tables.ts';

/**
 * The store on the portal's database. Each request runs on the database handle given, outside any call's
 * transaction: a processor's records do not roll back with the portal's.
 */
export function databaseSandboxStore(db: Database): SandboxStore {
  return {
    async insertSession(row) {
      await db.insert(sandboxGatewaySessions).values(row);
    },
    async findSession(id) {
      const [row] = await db.select().from(sandboxGatewaySessions).where(eq(sandboxGatewaySessions.id, id));
      return (row as SandboxSessionRow | undefined) ?? null;
    },
    async updateSession(id, from, to) {
      const rows = await db
        .update(sandboxGatewaySessions)
        .set(to)
        .where(and(eq(sandboxGatewaySessions.id, id), inArray(sandboxGatewaySessions.state, from)))
        .returning({ id: sandboxGatewaySessions.id });
      return rows.length > 0;
    },
    async insertCard(row) {
      await db.insert(sandboxGatewayCards).values(row);
    },
    async findCard(token) {
      const [row] = await db.select().from(sandboxGatewayCards).where(eq(sandboxGatewayCards.token, token));
      return (row as SandboxCardRow | undefined) ?? null;
    },
    async setChallengePassed(token) {
      await db.update(sandboxGatewayCards).set({ challenge_passed: true }).where(eq(sandboxGatewayCards.token, token));
    },
    async insertTransaction(row) {
      const inserted = await db.insert(sandboxGatewayTransactions).values(row).onConflictDoNothing().returning();
      if (inserted[0]) return { row: inserted[0] as SandboxTransactionRow, created: true };
      const [existing] = await db
        .select()
        .from(sandboxGatewayTransactions)
        .where(eq(sandboxGatewayTransactions.idempotency_key, row.idempotency_key));
      if (!existing) throw new Error('sandbox transaction key vanished');
      return { row: existing as SandboxTransactionRow, created: false };
    },
    async findTransaction(id) {
      const [row] = await db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.id, id));
      return (row as SandboxTransactionRow | undefined) ?? null;
    },
    async findChallengeSession(transaction_id) {
      const [row] = await db
        .select()
        .from(sandboxGatewaySessions)
        .where(eq(sandboxGatewaySessions.transaction_id, transaction_id))
        .orderBy(desc(sandboxGatewaySessions.created_at))
        .limit(1);
      return (row as SandboxSessionRow | undefined) ?? null;
    },
    async settleChallenge(id, to) {
      // Conditional: of two answers at once, one decides the charge and the other finds it decided.
      const rows = await db
        .update(sandboxGatewayTransactions)
        .set(to)
        .where(and(eq(sandboxGatewayTransactions.id, id), eq(sandboxGatewayTransactions.status, 'challenge_required')))
        .returning({ id: sandboxGatewayTransactions.id });
      return rows.length > 0;
    },
    async reverse(id, amount) {
      const rows = await db
        .update(sandboxGatewayTransactions)
        .set({ reversed_amount: sql`${sandboxGatewayTransactions.reversed_amount} + ${amount}` })
        .where(
          and(
            eq(sandboxGatewayTransactions.id, id),
            sql`${sandboxGatewayTransactions.reversed_amount} + ${amount} <= ${sandboxGatewayTransactions.amount}`,
          ),
        )
        .returning({ id: sandboxGatewayTransactions.id });
      return rows.length > 0;
    },
  };
}
