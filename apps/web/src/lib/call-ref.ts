import type { Call } from '@portal/contract/shared/define-call';

/**
 * A call known by its path alone, with the contract's types. What every page's first load sends (who is signed
 * in, the sign-in steps, sign-out, error reports) goes through these, so that the contract's modules, and zod
 * with them, stay out of it (docs/decisions/0025). Tests beside each reference hold its path to the contract's.
 */
export interface CallRef<C extends Call> {
  readonly path: C['path'];
  /** Never set: carries the call's type. */
  readonly definition?: C;
}

export function callRef<C extends Call>(path: C['path']): CallRef<C> {
  return { path };
}

/** A contract call or a reference to one: all the API client needs is the path. */
export type CallLike<C extends Call> = C | CallRef<C>;
