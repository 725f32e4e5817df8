/**
 * Call contexts for tests that call domain functions directly: scheduled jobs with a moved clock, and the
 * few services a test cannot reach through the HTTP API (prefer `TestClient` where it can). Both are built
 * from the platform's own pieces (platform/context.ts), on the test's database and clock.
 */
import type { Actor } from '../platform/access.ts';
import {
  type CallContext,
  type ContextSource,
  type Cookies,
  type Logger,
  type PublicContext,
  runInContext,
  systemContext,
} from '../platform/context.ts';
import type { TestContext } from './harness.ts';

const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };

type AppTest = Pick<TestContext, 'app' | 'db'>;

/**
 * The context a scheduled job gets (system actor, no browser), on `t.db` and `t.clock`: call a job as the
 * scheduler would, e.g. `lifecycle.expireTrials(jobContext(t))` after `t.clock.advance(...)`. Each statement
 * commits on its own, as there is no surrounding transaction. Queued mail kicks delivery, as in production.
 */
export function jobContext(t: AppTest, onMail: () => void = () => t.app.deps.mailQueued()): CallContext {
  return systemContext(t.app.deps, t.db, QUIET, onMail);
}

export interface CallOptions {
  /** Who is calling; none (a signed-out browser) unless given. */
  actor?: Actor;
  ip?: string;
  userAgent?: string;
  /** Called when the call queues mail; by default it kicks delivery, as a call does. */
  onMail?: () => void;
}

/** Cookies kept in memory, for a context with no browser behind it. */
function cookieJar(): Cookies {
  const jar = new Map<string, string>();
  return {
    get: (name) => jar.get(name),
    set: (name, value) => void jar.set(name, value),
    clear: (name) => void jar.delete(name),
  };
}

/**
 * The context a browser's call would get, on `t.db` without a transaction (like a read-only call), for
 * calling a domain function directly. Work it registers with `afterCall` does not run: a test that needs
 * it goes through the HTTP API.
 */
export function callContext(t: AppTest, o: CallOptions & { actor: Actor }): Promise<CallContext>;
export function callContext(t: AppTest, o?: CallOptions): Promise<PublicContext>;
export function callContext(t: AppTest, o: CallOptions = {}): Promise<PublicContext> {
  const source: ContextSource = {
    actor: o.actor ?? null,
    ip: o.ip ?? '127.0.0.1',
    userAgent: o.userAgent ?? 'test',
    cookies: cookieJar(),
    log: QUIET,
    onMail: o.onMail ?? (() => t.app.deps.mailQueued()),
  };
  return runInContext({ ...t.app.deps, db: t.db }, source, async (ctx) => ctx, true);
}
