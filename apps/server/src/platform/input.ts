import type { Call } from '@portal/contract/shared/define-call';
import { MESSAGES } from '@portal/contract/shared/envelope';
import type { z } from 'zod';
import { coerceBody, unstorableText } from './coerce.ts';
import { AppError } from './errors.ts';

/** What one call's body may hold, in any encoding; a multipart body is not read past these. */
export interface InputLimits {
  /** Fields (multipart parts, counting repeated names of array fields), the CSRF token included. */
  fields: number;
  /** Every byte of the body, multipart headers and boundaries included. */
  bytes: number;
}

export const TOO_LARGE = 'The request is too large';
const TOO_DEEP = 'The request nests objects or lists too deeply';
const INHERITED_NAME = (name: string) => `"${name}" cannot be a field name`;

/** Room for repeated names (array fields) and a few unknown fields, which are ignored as in other bodies. */
const SPARE_FIELDS = 8;

/** The deepest a call's input may nest objects and arrays; deeper input is refused before anything recurses into it. */
const MAX_DEPTH = 32;

/** The limits of a call that takes no files: its own fields, the CSRF token and a few spare, within the body limit. */
export function inputLimitsFor(call: Pick<Call, 'input'>, bodyLimit: number): InputLimits {
  return { fields: Object.keys(call.input.shape).length + 1 + SPARE_FIELDS, bytes: bodyLimit };
}

/** Whether a value nests deeper than `max`; it keeps its own stack, so no depth can overflow the call stack. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Refuses input no schema should walk: names every object inherits, and nesting deep enough to exhaust the stack. */
function refuseUnreadable(body: Record<string, unknown>): void {
  // `constructor`, `toString`, `__proto__`...: no call has such a field, and looking them up in a schema
  // or copying them would reach the prototype instead.
  const inherited = Object.keys(body).find((key) => key in Object.prototype);
  // The name goes in the message, not as a field key: an envelope key `__proto__` would be its own trap.
  if (inherited !== undefined) throw new AppError(400, MESSAGES.invalidInput, { _: INHERITED_NAME(inherited) });
  if (nestedDeeperThan(body, MAX_DEPTH)) throw new AppError(400, TOO_DEEP);
}

function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The body with the call's own fields the query string names beneath it: the spec writes some calls with their
 * fields there (`reports/current_month?id=…&refresh=1`, `reports/churn_tracking?id=…`). A field in both is the
 * body's; query names that are not the call's fields (`format`) are left to whoever reads them. A body that is not
 * an object is returned as it is, for readInput to refuse.
 */
export function withQueryFields(call: Call, query: unknown, body: unknown): unknown {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return body;
  const named = Object.entries((query ?? {}) as Record<string, unknown>).filter(([key]) => Object.hasOwn(call.input.shape, key));
  if (named.length === 0) return body;
  return { ...Object.fromEntries(named), ...((body as Record<string, unknown> | null | undefined) ?? {}) };
}

/**
 * A request body (JSON, form or multipart, already read) as the call's validated input, or an AppError:
 * the body must be one object within the call's field limit and nesting depth; form text is turned into
 * the schema's types; text PostgreSQL cannot store is refused field by field; then the schema decides.
 * `fixed` values replace what the body says (an export takes every row).
 */
export function readInput(call: Pick<Call, 'input'>, raw: unknown, limits: InputLimits, fixed: Record<string, unknown> = {}): unknown {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw new AppError(400, MESSAGES.bodyNotObject);
  }
  if (raw) {
    // Many fields cost every step after this one; no call takes more than its own.
    if (Object.keys(raw).length > limits.fields) throw new AppError(413, TOO_LARGE);
    refuseUnreadable(raw as Record<string, unknown>);
  }
  const body = Object.assign(coerceBody(call.input, raw), fixed);
  // Form fields may carry JSON text, which coercion has just parsed.
  if (nestedDeeperThan(body, MAX_DEPTH)) throw new AppError(400, TOO_DEEP);
  const unstorable = unstorableText(body);
  if (unstorable.length) {
    throw new AppError(400, MESSAGES.invalidInput, Object.fromEntries(unstorable.map((p) => [p, MESSAGES.badCharacters])));
  }
  const parsed = call.input.safeParse(body);
  if (!parsed.success) throw new AppError(400, MESSAGES.invalidInput, fieldErrors(parsed.error));
  return parsed.data;
}
