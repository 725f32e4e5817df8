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
