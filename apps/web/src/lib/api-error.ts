import { MESSAGES } from '@portal/contract/shared/messages';

/** The one error type the web gets from a call: the envelope's code, message and field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly fields: Readonly<Record<string, string>>;
  /** The envelope's other data, e.g. `reauth_required` on a refused risky action. */
  readonly data: Readonly<Record<string, unknown>>;

  constructor(code: number, message: string, fields: Record<string, string> = {}, data: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.data = data;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value; non-API failures never leak internals to the screen. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return MESSAGES.internal;
}
