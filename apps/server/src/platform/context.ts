import type { Config } from '../config.ts';
import { type Actor, SYSTEM_ACTOR } from './access.ts';
import type { BackgroundWork } from './background.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db.ts';
import { type MailContent, queueMail } from './mail.ts';
import type { Metrics } from './metrics.ts';

/** The cookies of the browser making the call; a scheduled job has none. */
export interface Cookies {
  get(name: string): string | undefined;
  set(name: string, value: string, opts: CookieOptions): void;
  clear(name: string, opts: { path: string; secure?: boolean }): void;
}

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  secure: boolean;
  /** Seconds. */
  maxAge: number;
}

export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One line of a company's history; the tenancy domain stores it (AppDeps.audit). */
export interface AuditEvent {
  company_id: number;
  actor: string;
  event: string;
  created_at: Date;
}

/**
 * What every domain function receives, from a call or a scheduled job alike: `fn(ctx, input)`.
 * `db` is the call's own transaction. No HTTP request or reply reaches a domain: the browser is
 * seen only through `ip`, `userAgent` and `cookies`.
 */
export interface CallContext<A extends Actor | null = Actor> {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: Config;
  /** Who is calling; non-null unless the contract is public. `actAs` changes it (sign-in, impersonation). */
  readonly actor: A;
  readonly ip: string;
  readonly userAgent: string;
  readonly cookies: Cookies;
  readonly log: Logger;
  /** Writes a line of the company's history, naming the real actor (or `by`, for callers without one). */
  audit(companyId: number, event: string, by?: string): Promise<void>;
  /** Queues a mail in the call's transaction; it is delivered once the call has committed. */
  mail(to: { email: string; company_id: number | null }, content: MailContent): Promise<void>;
  /** From here on the call acts as this actor: its history lines name them and the request is logged under them. */
  actAs(actor: Actor): void;
  /**
   * Work that runs after the call's transaction has ended, committed or not, with a context on the
   * pool: the few writes that must outlive a refused call (failed sign-in counters and their events).
   */
  afterCall(work: (ctx: CallContext<A>) => Promise<void>): void;
  /**
   * Work that starts once the call has answered, with a context on the pool, and that the answer does not
   * wait for: work whose duration must not show in the answer's time. Its failure is logged.
   */
  afterAnswer(work: (ctx: CallContext<A>) => Promise<void>): void;
}

/** The context of a public call: there may be no actor. */
export type PublicContext = CallContext<Actor | null>;

/** Whether a public call's context has an actor (someone signed in, or a job's system actor). */
export function hasActor(ctx: PublicContext): ctx is CallContext {
  return ctx.actor !== null;
}

/** What the app provides to every context. */
export interface ContextDeps {
  db: Database;
  clock: Clock;
  config: Config;
  /** Stores a company history line (the tenancy domain's table). */
  audit(db: Database, event: AuditEvent): Promise<void>;
  /** Where `afterAnswer` work runs. */
  background: BackgroundWork;
  /** Called once a call's or job's writes have committed: this node's caches forget what they may have changed. */
  committed?(): void;
  /** This node's figures for Prometheus: calls and scheduled job runs count themselves there. */
  metrics?: Metrics;
}

/** Where a context comes from: a browser's request, or a scheduled job. */
export interface ContextSource {
  actor: Actor | null;
  ip: string;
  userAgent: string;
  cookies: Cookies;
  log: Logger;
  onActor?(actor: Actor): void;
  /** Called when the call queued mail, so delivery starts once it has answered. */
  onMail?(): void;
  /**
   * Calls `start` once the answer has been written (or the client has gone): `afterAnswer` work waits for it,
   * so none of it runs before the answer leaves. Without it (a job), that work starts when the call ends.
   */
  whenAnswered?(start: () => void): void;
}

interface AfterWork {
  call: ((ctx: PublicContext) => Promise<void>)[];
  answer: ((ctx: PublicContext) => Promise<void>)[];
  /**
   * Set inside a call's transaction: mail it queues is announced (`onMail`) once the transaction has ended, as a
   * delivery kicked inside it could look at the outbox before the mail is there and leave it to the next timed run.
   */
  mail?: { queued: boolean };
}
const noAfterWork = (): AfterWork => ({ call: [], answer: [] });

function contextOn(deps: ContextDeps, db: Database, source: ContextSource, after: AfterWork): PublicContext {
  const ctx: PublicContext = {
    db,
    clock: deps.clock,
    config: deps.config,
    actor: source.actor,
    ip: source.ip,
    userAgent: source.userAgent,
    cookies: source.cookies,
    log: source.log,
    async audit(companyId, event, by) {
      const actor = by ?? ctx.actor?.label;
      if (actor === undefined) throw new Error('a history line needs an actor');
      await deps.audit(db, { company_id: companyId, actor, event, created_at: deps.clock.now() });
    },
    async mail(to, content) {
      await queueMail(db, deps.clock, { ...content, to: to.email, companyId: to.company_id });
      if (after.mail) after.mail.queued = true;
      else source.onMail?.();
    },
    actAs(actor) {
      source.actor = actor;
      (ctx as { actor: Actor | null }).actor = actor;
      source.onActor?.(actor);
    },
    afterCall(work) {
      after.call.push(work);
    },
    afterAnswer(work) {
      after.answer.push(work);
    },
  };
  return ctx;
}

/**
 * Runs work with a context in one transaction (or on the pool when `readOnly`), then the `afterCall`
 * work, each with a context on the pool.
 */
export async function runInContext<T>(
  deps: ContextDeps,
  source: ContextSource,
  work: (ctx: PublicContext) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const after: AfterWork = { call: [], answer: [] };
  try {
    if (readOnly) return await work(contextOn(deps, deps.db, source, after));
    const mail = { queued: false };
    const result = await deps.db.transaction((tx) => work(contextOn(deps, tx as unknown as Database, source, { ...after, mail })));
    deps.committed?.();
    if (mail.queued) source.onMail?.();
    return result;
  } finally {
    for (const fn of after.call) await fn(contextOn(deps, deps.db, source, noAfterWork()));
    // Work after the call writes outside its transaction, committed or not.
    if (after.call.length) deps.committed?.();
    const answered = after.answer.length && source.whenAnswered ? new Promise<void>((done) => source.whenAnswered?.(done)) : undefined;
    for (const fn of after.answer) {
      deps.background.start(
        () => fn(contextOn(deps, deps.db, source, noAfterWork())),
        (err) => source.log.error({ err }, 'work after the answer failed'),
        answered,
      );
    }
  }
}

const NO_COOKIES: Cookies = {
  get: () => undefined,
  set: () => {
    throw new Error('a scheduled job has no browser to set cookies in');
  },
  clear: () => {},
};

/** The source of a scheduled job's context: the system actor, no browser. */
export function systemSource(log: Logger, onMail?: () => void): ContextSource {
  return { actor: SYSTEM_ACTOR, ip: '', userAgent: 'system', cookies: NO_COOKIES, log, onMail };
}

/** A context for a job on an open transaction, for tests that run jobs by hand; it takes no after-work. */
export function systemContext(deps: ContextDeps, db: Database, log: Logger, onMail?: () => void): CallContext {
  const ctx = contextOn({ ...deps, db }, db, systemSource(log, onMail), noAfterWork()) as CallContext;
  const none = () => {
    throw new Error('a job run by hand has no call to come after');
  };
  return { ...ctx, afterCall: none, afterAnswer: none };
}
