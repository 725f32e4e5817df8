import { z } from 'zod';

/** Ids are PostgreSQL integers. */
export const ID_MAX = 2_147_483_647;

const numberId = (error?: string) =>
  z
    .number(error ? { error } : undefined)
    .int()
    .min(1)
    .max(ID_MAX);

/**
 * The kinds of row that belong to a company, with the shape of their id on the wire. Adding a kind is
 * one line here; the server's generated tests then need a factory for it (apps/server/src/test/factories.ts).
 */
const OWNED_ID_SCHEMAS = {
  company: numberId,
  user: numberId,
  /** A session travels by its public id, never by the hash its cookie is stored under. */
  session: () => z.string().min(1).max(64),
  /** An API token belongs to the user who made it, like a session. */
  api_token: numberId,
  credit_pack: numberId,
  payment_card: numberId,
  /** A self-hosted licence travels by its serial number (docs/decisions/0034). */
  licence: (error?: string) =>
    z
      .string(error ? { error } : undefined)
      .trim()
      .min(1, error ? { error } : undefined)
      .max(40),
  invoice: numberId,
  /** A line of the customer's bill: `c<n>` a card charge, `p<n>` an admin's credit entry; any other text is not found. */
  transaction: () => z.string().min(2).max(24),
  /** Another company's ticket answers as a missing one. */
  ticket: numberId,
  /** A hosted console, and the task that creates it (docs/decisions/0048). */
  hosted_server: numberId,
  async_task: numberId,
  /** A storage bucket travels by its name, which is unique at the provider. */
  bucket: (error?: string) =>
    z
      .string(error ? { error } : undefined)
      .trim()
      .min(1, error ? { error } : undefined)
      .max(63),
};

export type OwnedKind = keyof typeof OWNED_ID_SCHEMAS;

const META_KEY = 'x-owned';

/**
 * The id of a row that belongs to a company. The metadata lets the generated tests aim every such field
 * at another tenant's row, so a service that forgets to check who owns the row fails the matrix.
 */
export function zOwnedId<K extends OwnedKind>(kind: K, missing?: string): ReturnType<(typeof OWNED_ID_SCHEMAS)[K]> {
  return OWNED_ID_SCHEMAS[kind](missing).meta({ [META_KEY]: kind }) as ReturnType<(typeof OWNED_ID_SCHEMAS)[K]>;
}

/** The kind a schema made by `zOwnedId` carries (wrappers such as `.optional()` are not looked through). */
export function ownedKindOf(schema: z.ZodType): string | null {
  const kind = (schema.meta() as Record<string, unknown> | undefined)?.[META_KEY];
  return typeof kind === 'string' ? kind : null;
}

/** The kind of owned id a field holds, looking through optional, nullable, default and pipe wrappers. */
export function ownedKindWithin(schema: z.ZodType): string | null {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 10; i++) {
    const kind = ownedKindOf(s);
    if (kind) return kind;
    const def = (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    s = (def.innerType ?? def.in) as z.ZodType | undefined;
  }
  return null;
}
