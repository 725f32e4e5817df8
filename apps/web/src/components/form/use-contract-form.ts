import type { Call, CallInput } from '@portal/contract/shared/define-call';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { z } from 'zod';
import { zodFieldErrors } from './form-errors';
import { type CheckResult, type ContractFormOptions, type FieldLimits, useCheckedForm } from './use-checked-form';

export type { ContractFormOptions, FieldLimits } from './use-checked-form';

function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** The longest text a field's schema accepts, looking through optional, nullable and default; undefined when unbounded. */
export function maxLengthOf(schema: z.ZodType | undefined): number | undefined {
  const inner = unwrapped(schema);
  const max = inner && 'maxLength' in inner ? inner.maxLength : undefined;
  return typeof max === 'number' ? max : undefined;
}

/** The bounds a number field's schema accepts, for a NumberInput's min and max. */
export function rangeOf(schema: z.ZodType | undefined): { min?: number; max?: number } {
  const inner = unwrapped(schema);
  if (!(inner instanceof z.ZodNumber)) return {};
  return {
    ...(Number.isFinite(inner.minValue) ? { min: inner.minValue ?? undefined } : {}),
    ...(Number.isFinite(inner.maxValue) ? { max: inner.maxValue ?? undefined } : {}),
  };
}

export function limitsOf(definition: Call): FieldLimits {
  const shape: Record<string, z.ZodType> = definition.input.shape;
  return { maxLength: (key) => maxLengthOf(shape[key]), range: (key) => rangeOf(shape[key]) };
}

/**
 * Checks an input against the call's schema as the server will: a field holding the NUL marker means
 * "clear" and is checked as null, then sent as the marker. On success the input comes back with the
 * schema's own normalising applied (trimmed, upper-cased, defaults filled).
 */
function checkInput(schema: z.ZodObject, input: object): CheckResult {
  const cleared = Object.keys(input).filter((key) => (input as Record<string, unknown>)[key] === NULL_MARKER);
  const marked = (value: unknown) => Object.fromEntries(cleared.map((key) => [key, value]));
  const result = schema.safeParse({ ...input, ...marked(null) });
  if (!result.success) return { ok: false, errors: zodFieldErrors(result.error) };
  return { ok: true, data: { ...input, ...result.data, ...marked(NULL_MARKER) } };
}

/** The values that differ from the initial ones: the fields of a patch (absent fields stay as they are). */
export function changedValues<V extends object>(initial: V, values: V): Partial<V> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== initial[key as keyof V])) as Partial<V>;
}

/**
 * A form for one contract call. The call's input schema checks the form before anything is sent, so the
 * limits and messages a user sees are the contract's (and the server's); the schema's maximum lengths
 * bound the inputs. Errors show after a submit: the schema's first, then the server's.
 */
export function useContractForm<C extends Call, V extends object, I extends object = CallInput<C>>(
  definition: C,
  { initialValues, toInput, serverError, fields }: ContractFormOptions<V, I>,
) {
  const shape: Record<string, z.ZodType> = definition.input.shape;
  const limits = limitsOf(definition);
  const schema = fields ? z.object(Object.fromEntries(fields.map((key) => [key, shape[key] ?? z.unknown()]))) : definition.input;
  return useCheckedForm<V, I>({
    initialValues,
    ...(toInput ? { toInput } : {}),
    serverError,
    checkInput: (input) => checkInput(schema, input),
    limits,
  });
}
