import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const EMAIL_TOKEN_PURPOSES = ['reset_password', 'verify_email'] as const;
export const emailTokenPurpose = pgEnum('email_token_purpose', EMAIL_TOKEN_PURPOSES);

/** Single-use links sent by mail; `id` is the SHA-256 of the token, so the table holds nothing usable. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    /** The address the link was sent to; a verification only counts for the address still on the account. */
    email: text('email').notNull(),
    created_at: ts('created_at').notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.user_id, t.purpose)],
);
