import { NULL_MARKER } from '@portal/contract/shared/fields';
import type { z } from 'zod';

/**
 * Form and multipart bodies (and query strings) carry every value as text. Before validation, each field is
 * turned into the type its schema expects, so that it reads as the same field sent in JSON: numbers, booleans,
 * number and boolean literals and enum values, the first option of a union the text can become, and arrays or
 * objects sent as JSON text, through optional, nullable and default wrappers. A lone NUL character means null.
 * Values that do not fit are left as they are, so validation reports them as field errors.
 */
export function coerceBody(schema: z.ZodObject, body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const field = Object.hasOwn(schema.shape, key) ? (schema.shape[key] as z.ZodType) : undefined;
    out[key] = field ? coerceValue(field, value) : value;
  }
  return out;
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that leave the value's own type as it is: read through them to the type a form field must become. */
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];

function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (WRAPPERS.includes(def.type)) s = def.innerType as z.ZodType;
    else if (def.type === 'pipe') s = def.in as z.ZodType;
    else break;
  }
  return s;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The one value among `values` that a form writes as `text` (a number or boolean literal written out), else the text. */
function matchingValue(values: readonly unknown[], text: string): unknown {
  if (values.includes(text)) return text;
  const found = values.find((v) => (typeof v === 'number' || typeof v === 'boolean') && String(v) === text.trim());
  return found === undefined ? text : found;
}

function coerceValue(schema: z.ZodType, value: unknown): unknown {
  if (value === NULL_MARKER) return null;
  const inner = unwrapped(schema);
  if (typeof value === 'string') return fromText(inner, value);
  const def = defOf(inner);
  if (def.type === 'array' && Array.isArray(value)) return value.map((v) => coerceValue(def.element as z.ZodType, v));
  return value;
}

/**
 * A form field's text as the value of the type its schema expects: what JSON would have carried. Text that
 * does not fit is left as it is, so validation reports it as a field error.
 */
function fromText(schema: z.ZodType, text: string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
    case 'int':
      return NUMERIC.test(text.trim()) ? Number(text) : text;
    case 'boolean':
      if (['true', '1', 'on'].includes(text)) return true;
      if (['false', '0', ''].includes(text)) return false;
      return text;
    case 'literal':
      return matchingValue(def.values as unknown[], text);
    case 'enum':
      return matchingValue(Object.values(def.entries as Record<string, unknown>), text);
    case 'union': {
      // The first option the text can become, in the union's own order, as zod tries them.
      for (const option of def.options as z.ZodType[]) {
        const candidate = coerceValue(option, text);
        if (option.safeParse(candidate).success) return candidate;
      }
      return text;
    }
    case 'array': {
      const parsed = text.trim().startsWith('[') ? parseJson(text) : [text];
      return Array.isArray(parsed) ? parsed.map((v) => coerceValue(def.element as z.ZodType, v)) : parsed;
    }
    case 'object':
    case 'record':
      return text.trim().startsWith('{') ? parseJson(text) : text;
    default:
      return text;
  }
}

/** Refuses the keys the body parser refuses too: they would set an object's prototype once copied. */
function noPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor') throw new SyntaxError('a prototype key');
  return value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, noPrototypeKeys);
  } catch {
    return text;
  }
}

/**
 * PostgreSQL text cannot hold a NUL byte or half of a surrogate pair; such input is refused
 * field by field rather than failing in the database. Returns the paths of offending values.
 */
export function unstorableText(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed() ? [path || '_'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableText(v, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => unstorableText(v, path ? `${path}.${k}` : k));
  }
  return [];
}
