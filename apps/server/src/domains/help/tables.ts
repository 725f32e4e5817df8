import { bigserial, index, pgTable, primaryKey, text, timestamp, bigint } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The sandbox feature voting board's own data. The board stands in for a third-party service: it knows
 * voters only by the id in their sign-in token, never the portal's users table.
 */
export const sandboxBoardIdeas = pgTable('sandbox_board_ideas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  details: text('details').notNull(),
  created_at: ts('created_at').notNull(),
});

export const sandboxBoardVotes = pgTable(
  'sandbox_board_votes',
  {
    idea_id: bigint('idea_id', { mode: 'number' })
      .notNull()
      .references(() => sandboxBoardIdeas.id, { onDelete: 'cascade' }),
    voter_id: text('voter_id').notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idea_id, t.voter_id] }), index('sandbox_board_votes_voter_idx').on(t.voter_id)],
);
