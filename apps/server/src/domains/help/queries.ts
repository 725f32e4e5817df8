import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { sandboxBoardIdeas, sandboxBoardVotes } from './tables.ts';

export interface BoardIdea {
  id: number;
  title: string;
  details: string;
  votes: number;
  voted: boolean;
}

const votesOf = sql<number>`(select count(*)::int from ${sandboxBoardVotes} v where v.idea_id = ${sandboxBoardIdeas.id})`;

export async function listBoardIdeas(db: Database, voterId: string): Promise<BoardIdea[]> {
  return db
    .select({
      id: sandboxBoardIdeas.id,
      title: sandboxBoardIdeas.title,
      details: sandboxBoardIdeas.details,
      votes: votesOf,
      voted: sql<boolean>`exists (select 1 from ${sandboxBoardVotes} v where v.idea_id = ${sandboxBoardIdeas.id} and v.voter_id = ${voterId})`,
    })
    .from(sandboxBoardIdeas)
    .orderBy(asc(sandboxBoardIdeas.id));
}

/**
 * One vote per voter and idea, given or taken back: the insert either lands or meets the existing row,
 * which is then deleted, so two clicks at once still leave one answer standing.
 */
export async function toggleBoardVote(
  db: Database,
  ideaId: number,
  voterId: string,
  at: Date,
): Promise<{ votes: number; voted: boolean } | null> {
  const [idea] = await db.select({ id: sandboxBoardIdeas.id }).from(sandboxBoardIdeas).where(eq(sandboxBoardIdeas.id, ideaId));
  if (!idea) return null;
  const added = await db
    .insert(sandboxBoardVotes)
    .values({ idea_id: ideaId, voter_id: voterId, created_at: at })
    .onConflictDoNothing()
    .returning({ id: sandboxBoardVotes.idea_id });
  if (added.length === 0) {
    await db.delete(sandboxBoardVotes).where(and(eq(sandboxBoardVotes.idea_id, ideaId), eq(sandboxBoardVotes.voter_id, voterId)));
  }
  const [row] = await db.select({ votes: votesOf }).from(sandboxBoardIdeas).where(eq(sandboxBoardIdeas.id, ideaId));
  return { votes: row?.votes ?? 0, voted: added.length > 0 };
}
