import type { Actor } from '../../platform/access.ts';
import type { Database } from '../../platform/db.ts';
import { LiveFeed } from '../../platform/live.ts';

/** The channel migration 0046's triggers notify on whenever anything a session's actor is made of changes. */
export const SESSIONS_CHANGED = 'portal_sessions_changed';

/** Enough for every session active on a node at once; past it, the oldest entry makes room. */
const MAX_ENTRIES = 20_000;

/** What resolving a session found, kept to answer the session's next calls on this node (docs/decisions/0068). */
export interface CachedSession {
  actor: Actor;
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/**
 * The sessions this node resolved in the last few seconds, by token hash. Everything is forgotten at once when
 * anything changes: a call or job of this node commits a write (`forget`), or PostgreSQL tells of a change made
 * anywhere (SESSIONS_CHANGED). While the node does not listen, nothing is kept: a change would go unheard.
 *
 * A lookup notes the generation it started in (`generation`) and its answer is kept only if nothing was forgotten
 * meanwhile, so a row read just before a change is never kept after it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private current = 0;
  private listening = false;
  private readonly feed: LiveFeed;
  /** Answers given from the cache and lookups made, for the tests and the benchmarks. */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    db: Database,
    private readonly ttlMs: number,
    onError: (err: unknown) => void,
  ) {
    this.feed = new LiveFeed(db, SESSIONS_CHANGED, (err) => {
      this.listening = false;
      this.forget();
      onError(err);
    });
    // A notification, or the feed listening again after a lost connection (when news may have been missed).
    this.feed.subscribe('', () => {
      this.forget();
      this.listening = true;
    });
  }

  /** Starts listening; until it does, every session is read from the database. */
  async start(): Promise<void> {
    if (this.ttlMs === 0) return;
    await this.feed.ready();
    this.listening = true;
  }

  get generation(): number {
    return this.current;
  }

  /** Whether the node hears of changes, and so keeps what it resolves. */
  get isListening(): boolean {
    return this.listening;
  }

  /** The session as resolved a moment ago, or null when it must be read (not kept, too old, or not listening). */
  find(tokenHash: string, now: Date): CachedSession | null {
    const entry = this.listening ? this.entries.get(tokenHash) : undefined;
    if (!entry || now.getTime() - entry.cachedAt >= this.ttlMs || now.getTime() < entry.cachedAt) {
      this.counts.misses++;
      return null;
    }
    this.counts.hits++;
    return entry;
  }

  /** Keeps what a lookup that started in `generation` found, unless something changed since. */
  keep(tokenHash: string, generation: number, session: CachedSession, now: Date): void {
    if (!this.listening || generation !== this.current) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, actor: Object.freeze({ ...session.actor }), cachedAt: now.getTime() });
  }

  /** The session was seen again (its last_seen_at written). */
  seen(tokenHash: string, at: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastSeenAt = at;
  }

  /** Forgets every session: something they are made of may have changed. */
  forget(): void {
    this.current++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.entries.clear();
    await this.feed.close();
  }
}
