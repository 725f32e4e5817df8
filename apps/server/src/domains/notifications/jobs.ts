// The notifications domain's scheduled jobs, listed in the app's jobs.ts.
import type { CallContext } from '../../platform/context.ts';
import * as q from './queries.ts';

/** Scheduled: removes expired links. */
export async function purgeExpiredTokens(ctx: CallContext): Promise<number> {
  return q.deleteExpired(ctx.db, ctx.clock.now());
}
