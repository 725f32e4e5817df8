import { lt, sql } from 'drizzle-orm';
import type { Database } from './db.ts';
import { rateLimitCounters } from './tables.ts';

/**
 * What @fastify/rate-limit asks of a store: count one request of `key` and say how many its window holds.
 * The plugin passes the window's length and the limit as third and fourth arguments, which its types leave out.
 */
type Incr = (
  key: string,
  cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
  timeWindow?: number,
  max?: number,
) => void;

const MINUTE = 60_000;

/**
 * The share of a limit each node may admit on its own before the database has counted it (docs/decisions/0066).
 * A limit under 1 / SLACK_SHARE has no slack: every request is counted in the database before it is answered.
 */
const SLACK_SHARE = 1 / 20;

/** How soon hits admitted on a node's own count reach the database. */
const FLUSH_EVERY_MS = 100;

/**
 * Counts `hits` requests against `key` in one statement: a new row, more hits in the current window, or the
 * first hits of a new window when the row's has ended. Parallel requests, on any node, queue on the row, so each
 * sees the count of those before it. The window is measured on the database's clock, the one clock every node
 * shares, unless the caller gives the time `at` (a limit kept by the injected clock, which tests can move).
 */
export async function countHit(db: Database, key: string, windowMs: number, hits = 1, at?: Date): Promise<{ hits: number; ttlMs: number }> {
  const t = rateLimitCounters;
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const ended = sql`${t.window_started_at} <= ${now} - ${windowMs}::int * interval '1 millisecond'`;
  const [row] = await db
    .insert(t)
    .values({ key, window_started_at: now, hits })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${ended} then ${hits}::int else ${t.hits} + ${hits}::int end`,
        window_started_at: sql`case when ${ended} then ${now} else ${t.window_started_at} end`,
      },
    })
    .returning({
      hits: t.hits,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${t.window_started_at} + ${windowMs}::int * interval '1 millisecond' - ${now})) * 1000))::int`,
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

/** One key as this node knows it: the database's count at its last answer, and the hits admitted here since. */
interface Tally {
  known: number;
  pending: number;
  windowMs: number;
  /** By this node's clock, from the database's answer. */
  windowEndsAt: number;
}

/**
 * A node's counts for the database store. Far below a limit, a request is admitted on the node's own count and
 * its hit is written with others a moment later, so most requests cost no statement. A node admits at most the
 * limit's slack that way between two answers from the database, and none once its count is within the slack
 * of the limit: from there every request is counted in the database before it is answered, with the hits the
 * node still held. So n nodes together admit at most the limit plus n times its slack in a window, and a small
 * limit (no slack) is exact.
 */
export class NodeTally {
  private readonly tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly flushEveryMs = FLUSH_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; answers the window's count and the milliseconds left in it. */
  async hit(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    const now = this.now();
    const slack = Math.floor(max * SLACK_SHARE);
    let tally = this.tallies.get(key);
    // Hits held for a window that has ended are not carried into the next.
    if (tally && now >= tally.windowEndsAt) {
      this.tallies.delete(key);
      tally = undefined;
    }
    if (tally && tally.pending < slack && tally.known + tally.pending + 1 <= max - slack) {
      tally.pending++;
      this.scheduleFlush();
      return { current: tally.known + tally.pending, ttl: tally.windowEndsAt - now };
    }
    const held = tally?.pending ?? 0;
    if (tally) tally.pending = 0;
    const counted = await countHit(this.db, key, windowMs, held + 1);
    this.remember(key, windowMs, counted);
    // The next flush also forgets the keys whose window has ended, so clients seen once are not kept.
    this.scheduleFlush();
    return { current: counted.hits, ttl: counted.ttlMs };
  }

  /** Writes every held hit and forgets the keys whose window has ended; the next flush waits for this one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const held = [...this.tallies].filter(([, t]) => t.pending > 0);
      for (const [key, tally] of held) {
        const hits = tally.pending;
        tally.pending = 0;
        try {
          this.remember(key, tally.windowMs, await countHit(this.db, key, tally.windowMs, hits));
        } catch {
          // The database could not count: as with a request's own hit (skipOnError), the request went on.
        }
      }
      const now = this.now();
      for (const [key, tally] of this.tallies) if (now >= tally.windowEndsAt && tally.pending === 0) this.tallies.delete(key);
      // Keys still in their window are looked at again later.
      if (this.tallies.size) this.scheduleFlush();
    });
    return this.flushing;
  }

  /** How many keys this node holds a tally for. */
  get size(): number {
    return this.tallies.size;
  }

  private remember(key: string, windowMs: number, counted: { hits: number; ttlMs: number }) {
    const pending = this.tallies.get(key)?.pending ?? 0;
    this.tallies.set(key, { known: counted.hits, pending, windowMs, windowEndsAt: this.now() + counted.ttlMs });
  }

  private scheduleFlush() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushEveryMs);
    // Held hits never keep a process alive: a stopping node writes them in its close hook.
    this.timer.unref();
  }
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database instead of each process's
 * memory, so the limit holds for a client however many app nodes the balancer spreads it over, within each
 * node's slack (NodeTally). A route with its own limit counts under its own prefix, as the plugin's stores do.
 */
export function databaseRateLimitStore(tally: NodeTally) {
  return class DatabaseRateLimitStore {
    /** The plugin passes its options first; a route's child store passes its prefix. */
    constructor(
      _options?: unknown,
      readonly prefix = '',
    ) {}

    incr: Incr = (key, cb, timeWindow, max) => {
      tally.hit(this.prefix + key, timeWindow ?? MINUTE, max ?? Number.POSITIVE_INFINITY).then(
        (res) => cb(null, res),
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
