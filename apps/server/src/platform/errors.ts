import { MESSAGES } from '@portal/contract/shared/envelope';

/**
 * The one error type services throw. `code` is the HTTP status; `fields` carries
 * per-field messages shown under the matching inputs.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notLoggedIn = () => new AppError(401, MESSAGES.notLoggedIn);
export const forbidden = () => new AppError(403, MESSAGES.forbidden);
export const notFound = (what: string = MESSAGES.notFound) => new AppError(404, what);
export const badInput = (fields: Record<string, string>, message: string = MESSAGES.invalidInput) => new AppError(400, message, fields);

/**
 * What an error answers: an AppError as it is, a framework error with a 4xx status (a body too large, a bad
 * multipart body) as its own words; null for anything else, which answers 500 without its internals.
 */
export function knownError(err: Error & { statusCode?: number }): AppError | null {
  if (err instanceof AppError) return err;
  const status = err.statusCode ?? 500;
  return status >= 400 && status < 500 ? new AppError(status, err.message) : null;
}
