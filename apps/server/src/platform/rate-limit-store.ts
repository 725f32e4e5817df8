import { lt, sql } from 'drizzle-orm';
import type { Database } from './db.ts';
import { rateLimitCounters } from './tables.ts';

/**
 * What @fastify/rate-limit asks of a store: count one request of `key` and say how many its window holds.
 * The plugin passes the window's length as a third argument, which its types leave out.
 */
type Incr = (key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow?: number) => void;

const MINUTE = 60_000;

/**
 * Counts one request against `key` in one statement: a new row, the next hit of the current window, or
 * the first hit of a new window when the row's has ended. Parallel requests, on any node, queue on the
 * row, so each sees the count of those before it. The window is measured on the database's clock, the
 * one clock every node shares.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const t = rateLimitCounters;
  const now = sql`clock_timestamp()`;
  const ended = sql`${t.window_started_at} <= ${now} - ${windowMs}::int * interval '1 millisecond'`;
  const [row] = await db
    .insert(t)
    .values({ key, window_started_at: now, hits: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${t.hits} + 1 end`,
        window_started_at: sql`case when ${ended} then ${now} else ${t.window_started_at} end`,
      },
    })
    .returning({
      hits: t.hits,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${t.window_started_at} + ${windowMs}::int * interval '1 millisecond' - clock_timestamp())) * 1000))::int`,
    });
  if (!row) throw new Error('rate limit: the counter was not written');
  return { hits: row.hits, ttlMs: Number(row.ttlMs) };
}

/**
 * Removes counters whose window started over an hour ago (longer than any route's window), by the
 * database's clock as they are counted: a returning client starts a new row.
 */
export async function purgeEndedCounters(db: Database): Promise<number> {
  const t = rateLimitCounters;
  const gone = await db.delete(t).where(lt(t.window_started_at, sql`clock_timestamp() - interval '1 hour'`)).returning({ key: t.key });
  return gone.length;
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database instead of each process's
 * memory, so the limit holds for a client however many app nodes the balancer spreads it over. A route
 * with its own limit counts under its own prefix, as the plugin's stores do.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    /** The plugin passes its options first; a route's child store passes its prefix. */
    constructor(
      _options?: unknown,
      readonly prefix = '',
    ) {}

    incr: Incr = (key, cb, timeWindow) => {
      countHit(db, this.prefix + key, timeWindow ?? MINUTE).then(
        ({ hits, ttlMs }) => cb(null, { current: hits, ttl: ttlMs }),
        (err: Error) => cb(err),
      );
    };

    /** Route options carry `routeInfo` at run time; the plugin's types leave it out. */
    child(route: object) {
      const { method, url } = (route as { routeInfo: { method: string; url: string } }).routeInfo;
      return new DatabaseRateLimitStore(null, `${this.prefix}${method}${url}-`);
    }
  };
}
