import type { Call, CallInput } from '@portal/contract/shared/define-call';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { type ChangeEvent, useCallback, useState } from 'react';
import { z } from 'zod';
import { type FieldErrors, formErrorState, zodFieldErrors } from './form-errors';

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

/** The limits of a call's input fields, for inputs that render outside the form's own hook. */
export interface FieldLimits {
  maxLength: (key: string) => number | undefined;
  range: (key: string) => { min?: number; max?: number };
}

export function limitsOf(definition: Call): FieldLimits {
  const shape: Record<string, z.ZodType> = definition.input.shape;
  return { maxLength: (key) => maxLengthOf(shape[key]), range: (key) => rangeOf(shape[key]) };
}

type CheckResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: FieldErrors };

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

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type FlagKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

export interface ContractFormOptions<V, I> {
  initialValues: V;
  /** The call's input from the form's values (and the initial ones, for a patch); without it the values are the input. */
  toInput?: (values: V, initial: V) => I;
  /** The failed mutation's error: field errors show under their fields, anything else in the alert. */
  serverError?: unknown;
  /** The input fields this form fills, when the rest (a token, a browser's answer) is added later. */
  fields?: readonly string[];
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
  const [initial, setInitial] = useState<V>(initialValues);
  const [values, setValues] = useState<V>(initialValues);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  // A server error is shown until the next submit; a new failure is a new error and shows again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const server = formErrorState(serverError === dismissed ? null : serverError);
  const errors: FieldErrors = { ...server.fields, ...localErrors };

  // Stable, so a memoised field (a long select) need not re-render while the others change.
  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value })), []);

  const clearErrors = () => {
    setLocalErrors({});
    setDismissed(() => serverError);
  };

  /** Checks an input of this call; returns it normalised, or null after putting the messages on their fields. */
  const check = (input: I): I | null => {
    setDismissed(() => serverError);
    const result = checkInput(schema, input);
    setLocalErrors(result.ok ? {} : result.errors);
    // The contract's schemas only normalise (trim, case, defaults), so the checked input keeps its shape.
    return result.ok ? (result.data as I) : null;
  };

  const inputOf = (current: V): I => (toInput ? toInput(current, initial) : (current as unknown as I));

  return {
    values,
    initialValues: initial,
    setValue,
    setValues,
    isDirty: (Object.keys(initial) as (keyof V)[]).some((key) => initial[key] !== values[key]),
    /** Back to the initial values, or to `next`, which becomes the new initial values (after a save). */
    reset: (next?: V) => {
      if (next) setInitial(next);
      setValues(next ?? initial);
      setLocalErrors({});
    },
    errors,
    alert: server.alert,
    clearErrors,
    check,
    onSubmit:
      (handler: (input: I) => void) =>
      (event?: { preventDefault: () => void }): void => {
        event?.preventDefault();
        const input = check(inputOf(values));
        if (input !== null) handler(input);
      },
    ...limits,
    /** Value, change handler, error and maximum length of a text field named like the input's field. */
    textProps: <K extends TextKey<V>>(key: K) => ({
      value: values[key] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(key, event.currentTarget.value as V[K]),
      error: errors[key],
      maxLength: limits.maxLength(key),
    }),
    checkboxProps: <K extends FlagKey<V>>(key: K) => ({
      checked: values[key] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(key, event.currentTarget.checked as V[K]),
    }),
  };
}
