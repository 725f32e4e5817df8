import type { Call } from '@portal/contract/shared/define-call';
import type { z } from 'zod';

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (s: z.ZodType) =>
  ((defOf(s).checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);

/** True when the field holds a company id (see zCompanyId): generated tests aim it at a chosen company. */
export function isCompanyScoped(schema: z.ZodType): boolean {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 10; i++) {
    if ((s.meta() as Record<string, unknown> | undefined)?.['x-scope'] === 'company') return true;
    const def = defOf(s);
    s = (def.innerType ?? def.in) as z.ZodType | undefined;
  }
  return false;
}

/** A value the schema accepts, built from the schema itself. */
export function sampleValue(schema: z.ZodType, companyId: number): unknown {
  if (isCompanyScoped(schema)) return companyId;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleValue(def.innerType as z.ZodType, companyId);
    case 'pipe':
      return sampleValue(def.in as z.ZodType, companyId);
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
      return Array.from({ length: Math.max(1, min ?? 1) }, () => sampleValue(def.element as z.ZodType, companyId));
    }
    case 'object':
      return sampleInputOfShape((schema as z.ZodObject).shape, companyId);
    case 'record':
      return {};
    case 'union':
      return sampleValue((def.options as z.ZodType[])[0] as z.ZodType, companyId);
    default:
      return 'sample';
  }
}

function sampleInputOfShape(shape: Record<string, z.ZodType>, companyId: number) {
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, sampleValue(s, companyId)]));
}

/**
 * A valid input for the call with every company-id field set to `companyId`. A contract's example
 * replaces the generated optional fields, so that it decides which options a generated call uses.
 */
export function sampleInput(call: Call, companyId: number): Record<string, unknown> {
  const shape = call.input.shape as Record<string, z.ZodType>;
  const required = Object.fromEntries(Object.entries(shape).filter(([, s]) => !s.safeParse(undefined).success));
  const generated = sampleInputOfShape(call.example ? required : shape, companyId);
  const example = (call.example ?? {}) as Record<string, unknown>;
  const scoped = Object.fromEntries(
    Object.entries(call.input.shape)
      .filter(([, s]) => isCompanyScoped(s as z.ZodType))
      .map(([k]) => [k, companyId]),
  );
  const input = { ...generated, ...example, ...scoped };
  const parsed = call.input.safeParse(input);
  if (!parsed.success) throw new Error(`No valid sample input for ${call.path}: give the contract an example`);
  return input;
}

export function hasCompanyScope(call: Call): boolean {
  return Object.values(call.input.shape).some((s) => isCompanyScoped(s as z.ZodType));
}
