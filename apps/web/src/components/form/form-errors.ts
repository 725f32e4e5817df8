import type { z } from 'zod';
import { errorMessage, isApiError } from '../../lib/api-error';

export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed client-side parse, keyed like the contract's input. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key !== '' && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export interface FormErrorState {
  /** Shown in an alert above the form, or null. */
  alert: string | null;
  /** Shown under each named field. */
  fields: FieldErrors;
}

/**
 * The error catalogue's rule for forms: a 500 or an error without field errors shows an alert;
 * otherwise each field error is set on its field.
 */
export function formErrorState(error: unknown): FormErrorState {
  if (error === null || error === undefined) return { alert: null, fields: {} };
  if (isApiError(error) && error.code !== 500 && error.hasFieldErrors) {
    return { alert: null, fields: { ...error.fields } };
  }
  return { alert: errorMessage(error), fields: {} };
}
