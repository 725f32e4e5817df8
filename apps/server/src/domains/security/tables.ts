import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** TOTP two-factor. `last_used_step` stops a code from being used twice. */
export const userTotp = pgTable('user_totp', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabled_at: ts('enabled_at').notNull(),
  last_used_step: bigint('last_used_step', { mode: 'number' }).notNull().default(0),
});

/** Security keys and passkeys. `id` is the credential id (base64url). */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    created_at: ts('created_at').notNull(),
    last_used_at: ts('last_used_at'),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.user_id)],
);

/** The registration challenge a user's page is answering. */
export const webauthnRegistrations = pgTable('webauthn_registrations', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  expires_at: ts('expires_at').notNull(),
});

export const recoveryPassphrases = pgTable('recovery_passphrases', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passphrase_hash: text('passphrase_hash').notNull(),
  hint: text('hint').notNull(),
  created_at: ts('created_at').notNull(),
});

/** Answers are stored as argon2id hashes of the trimmed, lower-cased text. */
export const securityAnswers = pgTable(
  'security_answers',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question_id: integer('question_id').notNull(),
    answer_hash: text('answer_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.question_id] })],
);
