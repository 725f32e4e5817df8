import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './db.ts';

/**
 * Live news between app nodes through PostgreSQL's LISTEN/NOTIFY (docs/decisions/0040).
 *
 * `announce` runs inside the call's transaction: PostgreSQL holds a NOTIFY until the transaction commits and
 * drops it on rollback, so no page hears of a change that did not happen, nor before it can read it. Each
 * node keeps one listening connection per channel (a `LiveFeed`) and fans a notification out to the
 * streams open on that node. PGlite runs in this process and has the same transactional NOTIFY, delivered
 * to its `listen` callbacks after the commit, so one code path serves both.
 */
export async function announce(db: Database, channel: string, key: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${key})`);
}

type Subscriber = () => void;

/** How long a lost listening connection waits before trying again. */
const RECONNECT_MS = 1000;

export class LiveFeed {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private started: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly channel: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Resolves once this node listens; a subscriber added before may otherwise miss a notification. */
  ready(): Promise<void> {
    this.started ??= this.listen();
    return this.started;
  }

  /** Calls `fn` on each notification for `key`, and after a lost connection returns (news may have been missed). */
  subscribe(key: string, fn: Subscriber): () => void {
    const set = this.subscribers.get(key) ?? new Set<Subscriber>();
    this.subscribers.set(key, set);
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.subscribers.get(key) === set) this.subscribers.delete(key);
    };
  }

  /** How many subscribers are open on this node (tests check that none leak). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    await this.stop?.();
  }

  private deliver(key: string) {
    for (const fn of [...(this.subscribers.get(key) ?? [])]) fn();
  }

  private everyone() {
    for (const set of [...this.subscribers.values()]) for (const fn of [...set]) fn();
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) return this.listenPool(client, false);
    const lite = client as PGlite;
    const unlisten = await lite.listen(this.channel, (payload) => this.deliver(payload));
    this.stop = () => unlisten();
  }

  /** A connection of its own from the pool, held while the node runs; lost, it is replaced and everyone told. */
  private async listenPool(pool: pg.Pool, again: boolean): Promise<void> {
    const conn = await pool.connect();
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      conn.release(err ?? true);
    };
    conn.on('notification', (msg) => {
      if (msg.channel === this.channel) this.deliver(msg.payload ?? '');
    });
    conn.on('error', (err) => {
      this.onError(err);
      release(err);
      this.reconnect(pool);
    });
    await conn.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.stop = async () => release();
    if (again) this.everyone();
  }

  private reconnect(pool: pg.Pool) {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.listenPool(pool, true).catch((err) => {
        this.onError(err);
        this.reconnect(pool);
      });
    }, RECONNECT_MS).unref();
  }
}
