import { type ChangeEvent, useCallback, useState } from 'react';
import { type FieldErrors, formErrorState } from './form-errors';

// The state of a checked form, without zod: the sign-in page checks its input by hand so that its first load
// does without zod (docs/decisions/0025); every other form checks against its call's schema (use-contract-form).

export type CheckResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: FieldErrors };

/** The limits of a call's input fields, for inputs that render outside the form's own hook. */
export interface FieldLimits {
  maxLength: (key: string) => number | undefined;
  range: (key: string) => { min?: number; max?: number };
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

export interface CheckedFormOptions<V, I> extends Omit<ContractFormOptions<V, I>, 'fields'> {
  /** Checks an input: the normalised input, or the first message per field. */
  checkInput: (input: I) => CheckResult;
  limits: FieldLimits;
}

/** A form whose input is checked by `checkInput` before anything is sent; see useContractForm. */
export function useCheckedForm<V extends object, I extends object>({
  initialValues,
  toInput,
  serverError,
  checkInput,
  limits,
}: CheckedFormOptions<V, I>) {
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
    const result = checkInput(input);
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
