import type { Call } from '@portal/contract/shared/define-call';
import { ownedKindOf, ownedKindWithin } from '@portal/contract/shared/owned-id';
import type { z } from 'zod';

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (s: z.ZodType) =>
  ((defOf(s).checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);

/** The kind of owned id a field holds (see zOwnedId), looking through optional, nullable and default. */
export const ownedKind = ownedKindWithin;

/** The call's owned-id fields: the generated suites aim each at a row of a chosen company. */
export function ownedFields(call: Call): { field: string; kind: string }[] {
  return Object.entries(call.input.shape).flatMap(([field, s]) => {
    const kind = ownedKind(s as z.ZodType);
    return kind ? [{ field, kind }] : [];
  });
}

/** The schemas directly inside a schema: wrapped, piped, element, fields, values, options. */
function childrenOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  const one = [def.innerType, def.in, def.out, def.element, def.valueType].filter(Boolean) as z.ZodType[];
  const shape = def.type === 'object' ? Object.values((schema as z.ZodObject).shape as Record<string, z.ZodType>) : [];
  return [...one, ...shape, ...((def.options as z.ZodType[] | undefined) ?? [])];
}

/** Owned ids nested inside arrays or objects: the generated suites aim top-level fields only, so none may hide there. */
export function nestedOwnedIds(call: Call): string[] {
  const found: string[] = [];
  const visit = (s: z.ZodType, field: string, inside: boolean, depth: number) => {
    const kind = ownedKindOf(s);
    if (kind && inside) found.push(`${field} (${kind})`);
    const type = defOf(s).type;
    const container = inside || type === 'array' || type === 'object' || type === 'record';
    if (depth < 20) for (const child of childrenOf(s)) visit(child, field, container, depth + 1);
  };
  for (const [field, s] of Object.entries(call.input.shape)) visit(s as z.ZodType, field, false, 0);
  return found;
}

/** A value the schema accepts, built from the schema itself. */
export function sampleValue(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleValue(def.innerType as z.ZodType);
    case 'pipe':
      return sampleValue(def.in as z.ZodType);
    case 'string': {
      if (def.format === 'email') return 'sample@example.com';
      if (def.format === 'url') return 'https://example.com/';
      const checks = checksOf(schema);
      const min = (checks.find((c) => c.check === 'min_length' || c.check === 'length_equals')?.minimum ??
        checks.find((c) => c.check === 'length_equals')?.length) as number | undefined;
      const max = (checks.find((c) => c.check === 'max_length')?.maximum ?? checks.find((c) => c.check === 'length_equals')?.length) as
        | number
        | undefined;
      return 'sample'.padEnd(min ?? 0, 'x').slice(0, max ?? 100);
    }
    case 'number': {
      const lower = checksOf(schema).find((c) => c.check === 'greater_than');
      const min = (lower?.value as number | undefined) ?? 1;
      return Math.max(1, Math.ceil(min));
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array': {
      const min = checksOf(schema).find((c) => c.check === 'min_length')?.minimum as number | undefined;
      return Array.from({ length: Math.max(1, min ?? 1) }, () => sampleValue(def.element as z.ZodType));
    }
    case 'object':
      return sampleInputOfShape((schema as z.ZodObject).shape);
    case 'record':
      return {};
    case 'union':
      return sampleValue((def.options as z.ZodType[])[0] as z.ZodType);
    default:
      return 'sample';
  }
}

function sampleInputOfShape(shape: Record<string, z.ZodType>) {
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, sampleValue(s)]));
}

/**
 * A valid input for the call with its owned-id fields set from `ids` (every one, optional or not, so that
 * each is aimed at the chosen rows). A contract's example replaces the generated optional fields, so that
 * it decides which options a generated call uses.
 */
export function sampleInput(call: Call, ids: Record<string, unknown> = {}): Record<string, unknown> {
  const shape = call.input.shape as Record<string, z.ZodType>;
  const required = Object.fromEntries(Object.entries(shape).filter(([, s]) => !s.safeParse(undefined).success));
  const generated = sampleInputOfShape(call.example ? required : shape);
  const example = (call.example ?? {}) as Record<string, unknown>;
  const input = { ...generated, ...example, ...ids };
  const parsed = call.input.safeParse(input);
  if (!parsed.success) throw new Error(`No valid sample input for ${call.path}: give the contract an example`);
  return input;
}

/**
 * The values a field's schema offers besides the first sample: every option of an enum, a literal or a union,
 * both booleans, null where nullable, and leaving the field out where it is optional or has a default (so
 * the default applies). The generated suites ask with each, so that a list asked only for its first status
 * cannot pass with nothing in it.
 */
export function alternatives(schema: z.ZodType): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return [undefined, ...alternatives(def.innerType as z.ZodType)];
    case 'nullable':
      return [null, ...alternatives(def.innerType as z.ZodType)];
    case 'readonly':
    case 'catch':
      return alternatives(def.innerType as z.ZodType);
    case 'pipe':
      return alternatives(def.in as z.ZodType);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>);
    case 'literal':
      return def.values as unknown[];
    case 'boolean':
      return [true, false];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => [sampleValue(option), ...alternatives(option)]);
    default:
      return [];
  }
}

/**
 * The sample input and one input per other value of each field (see alternatives), each one the call
 * accepts, at most `max` in all.
 */
export function sampleVariants(call: Call, ids: Record<string, unknown> = {}, max = 24): Record<string, unknown>[] {
  const base = sampleInput(call, ids);
  const seen = new Set([JSON.stringify(base)]);
  const variants = [base];
  for (const [field, schema] of Object.entries(call.input.shape as Record<string, z.ZodType>)) {
    if (field in ids) continue;
    for (const value of alternatives(schema)) {
      const input = { ...base, [field]: value };
      if (value === undefined) delete input[field];
      const key = JSON.stringify(input);
      if (seen.has(key) || !call.input.safeParse(input).success) continue;
      seen.add(key);
      variants.push(input);
      if (variants.length >= max) return variants;
    }
  }
  return variants;
}

/** Whether a call's answer is one list of rows and nothing else, as `{ buckets: [...] }`. */
export function answersOnlyRows(call: Call): boolean {
  const output = call.output as z.ZodType;
  if (defOf(output).type !== 'object') return false;
  const fields = Object.values((output as z.ZodObject).shape as Record<string, z.ZodType>);
  return fields.length === 1 && defOf(fields[0] as z.ZodType).type === 'array';
}
