import type { Call } from '@portal/contract/shared/define-call';
import type { Actor } from './access.ts';
import type { CallContext, PublicContext } from './context.ts';

/*
 * The shape of a call's handler, apart from the route that runs it (handle.ts), so that the kinds of handler
 * (stream.ts's streamed lists) are written against it without importing the route, which imports them.
 */

/** The context a call's function gets: the actor is non-null unless the contract is public. */
export type ContextFor<C extends Call> = CallContext<C['access'] extends { public: true } ? Actor | null : Actor>;

export interface Handler {
  call: Call;
  run(input: unknown, ctx: PublicContext): Promise<unknown>;
  /** Reads only: runs on the pool without BEGIN/COMMIT, so its statements may use several connections. */
  readOnly?: boolean;
  /**
   * Runs on the pool before the call's transaction begins, so its writes are committed and seen by
   * parallel calls whatever becomes of this one (the sign-in throttle counts an attempt before checking it).
   */
  before?: (input: unknown, ctx: PublicContext) => Promise<void>;
}
