import { NULL_MARKER } from '@portal/contract/shared/fields';
import type { z } from 'zod';

/**
 * Form and multipart bodies carry every value as text. Before validation, each field is
 * turned into the type its schema expects: numbers, booleans, and arrays or objects sent
 * as JSON text. A lone NUL character means null. Values that do not fit are left as they
 * are, so validation reports them as field errors.
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

type Kind = 'number' | 'boolean' | 'array' | 'object' | 'other';

function innerKind(schema: z.ZodType): { kind: Kind; element?: z.ZodType } {
  let s = schema as z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
  for (let i = 0; i < 10; i++) {
    const def = s._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type)) {
      s = def.innerType as typeof s;
    } else if (def.type === 'pipe') {
      s = def.in as typeof s;
    } else break;
  }
  const def = s._zod.def;
  switch (def.type) {
    case 'number':
    case 'int':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return { kind: 'array', element: def.element as z.ZodType };
    case 'object':
    case 'record':
      return { kind: 'object' };
    default:
      return { kind: 'other' };
  }
}

function coerceValue(schema: z.ZodType, value: unknown): unknown {
  if (value === NULL_MARKER) return null;
  const { kind, element } = innerKind(schema);
  if (typeof value !== 'string') {
    if (kind === 'array' && Array.isArray(value) && element) return value.map((v) => coerceValue(element, v));
    return value;
  }
  switch (kind) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    case 'boolean':
      if (['true', '1', 'on'].includes(value)) return true;
      if (['false', '0', ''].includes(value)) return false;
      return value;
    case 'array': {
      const parsed = value.trim().startsWith('[') ? parseJson(value) : [value];
      return Array.isArray(parsed) && element ? parsed.map((v) => coerceValue(element, v)) : parsed;
    }
    case 'object':
      return value.trim().startsWith('{') ? parseJson(value) : value;
    default:
      return value;
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
