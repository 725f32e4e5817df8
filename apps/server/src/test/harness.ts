import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { zEnvelope } from '@portal/contract/shared/envelope';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { fixedClock } from '../platform/clock.ts';
import type { Database, DatabaseHandle } from '../platform/db.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../platform/session.ts';
import { createTestDatabase } from './database.ts';
import { TEST_PASSWORD, newCompany, newSession } from './factories.ts';

export { TEST_PASSWORD, newCompany, newUser } from './factories.ts';

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  db: Database;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** What production requires of the environment (config.ts, decision 0077), for tests of production behaviour. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  // The test's own database is handed to the app; the setting only says production's rule is met.
  EMBEDDED_DATABASE: 'true',
  PUBLIC_URL: 'https://portal.example.com',
  APP_SECRET: 'a-production-secret-of-enough-length',
  SEALING_KEY: 'a-production-sealing-key-of-enough-length',
} as const;

/** What every test app is configured with unless the test says otherwise. */
const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  RATE_LIMIT_PER_MINUTE: '1000000',
  // Tests change sessions, users and companies in the database and call at once: each call reads its session.
  // The cache has its own tests (auth/session-cache.test.ts), and the journeys run with it.
  SESSION_CACHE_SECONDS: '0',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  // Each app's storage endpoint keeps its objects in a folder of its own, removed when the app closes.
  STORAGE_LOCAL_DIR: 'temporary',
};

/**
 * An app on the test file's database and clock, with its own settings (production, https cookies, a rate
 * limit) and, if given, its own handlers or log stream; the caller closes it.
 */
export function appWith(
  t: Pick<TestContext, 'db' | 'clock'>,
  env: Record<string, string> = {},
  opts: Pick<BuildOptions, 'handlers' | 'logStream'> = {},
): Promise<FastifyInstance> {
  return buildApp({ config: loadConfig({ ...TEST_ENV, ...env }), db: t.db, clock: t.clock, ...opts });
}

/** One app and one cloned database for a test file. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const handle = await createTestDatabase();
  const clock = fixedClock(new Date('2026-11-21T00:00:00Z'));
  const app = await appWith({ db: handle.db, clock }, env);
  return {
    app,
    handle,
    db: handle.db,
    clock,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export interface Envelope<T = unknown> {
  status: 'ok' | 'error';
  code: number;
  data: T;
  message?: string;
}

/** What an error reply carries: field messages, and flags the page acts on. */
export interface ErrorData {
  fields?: Record<string, string>;
  reauth_required?: boolean;
  two_factor_setup_required?: boolean;
}

/** A call's reply: the contract's output when ok. */
export type CallReply<C extends Call> =
  | { status: 'ok'; code: number; data: CallOutput<C>; message?: undefined }
  | { status: 'error'; code: number; data: ErrorData; message: string };

/** A browser-like client: keeps cookies and sends the CSRF header. */
export class TestClient {
  cookies: Record<string, string> = {};
  constructor(readonly app: FastifyInstance) {}

  get csrf(): string | undefined {
    return this.cookies[CSRF_COOKIE];
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || (c.expires && c.expires.getTime() < Date.now());
      if (cleared) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }

  async post(url: string, payload: unknown, opts: { form?: boolean; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}), ...opts.headers };
    const res = await this.app.inject({
      method: 'POST',
      url,
      cookies: this.cookies,
      headers,
      ...(opts.form
        ? {
            payload: new URLSearchParams(payload as Record<string, string>).toString(),
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload: payload as object }),
    });
    await this.settled(res);
    return res;
  }

  async get(url: string) {
    const res = await this.app.inject({ method: 'GET', url, cookies: this.cookies });
    await this.settled(res);
    return res;
  }

  /** Keeps the reply's cookies, and waits for the work the call started after answering, so no test sees it land later. */
  private async settled(res: LightMyRequestResponse) {
    this.remember(res);
    await this.app.deps.background.idle();
  }

  /**
   * Makes the call and checks the reply as the web app relies on it: always the envelope with the HTTP
   * status as its code, and on success data that matches the contract's output (else it throws the issues).
   */
  async call<C extends Call>(contract: C, input: CallInput<C>): Promise<CallReply<C>> {
    const res = await this.post(contract.path, input);
    const envelope = zEnvelope.safeParse(res.json());
    if (!envelope.success || envelope.data.code !== res.statusCode) {
      throw new Error(`${contract.path} answered ${res.statusCode} outside the envelope: ${res.body.slice(0, 500)}`);
    }
    if (envelope.data.status === 'error') return envelope.data as CallReply<C>;
    const output = contract.output.safeParse(envelope.data.data);
    if (!output.success) {
      throw new Error(`${contract.path} answered data that is not its contract's output: ${JSON.stringify(output.error.issues)}`);
    }
    return { status: 'ok', code: envelope.data.code, data: output.data as CallOutput<C> };
  }

  async login(email: string, password = TEST_PASSWORD): Promise<Envelope> {
    await this.post('/api/v1/user/login', { target_type: 'email', target_user: email });
    const res = await this.post('/api/v1/user/login', { target_type: 'password', target_user: email, target_password: password });
    return res.json() as Envelope;
  }

  /** Signs in without the password step, for tests that need many sessions cheaply. */
  async useSession(db: Database, clock: TestContext['clock'], userId: number, impersonatorUserId: number | null = null) {
    const { token, csrfToken } = await newSession(db, clock.now(), userId, impersonatorUserId);
    this.cookies = { [SESSION_COOKIE]: token, [CSRF_COOKIE]: csrfToken };
    return this;
  }
}

/**
 * Whether the suite runs on PostgreSQL. Only there do transactions run side by side (PGlite runs them
 * one at a time and hides races), so tests of races run there and skip themselves on PGlite.
 */
export const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

/**
 * n clients of one user, each with its own session, to send calls at the same moment: on PostgreSQL each
 * call in flight runs its transaction on its own pooled connection, as calls reaching different app nodes do.
 */
export async function parallelClients(t: TestContext, n: number, userId: number): Promise<TestClient[]> {
  if (t.handle.kind !== 'postgres') throw new Error('parallel clients race only on PostgreSQL: skip the test when ON_POSTGRES is false');
  return Promise.all(Array.from({ length: n }, () => new TestClient(t.app).useSession(t.db, t.clock, userId)));
}

/** A company with its primary user, already signed in through the login call. */
export async function signedInCompany(t: TestContext, o: Parameters<typeof newCompany>[1] = {}) {
  const made = await newCompany(t.db, o);
  const client = new TestClient(t.app);
  await client.login(made.user.email);
  return { ...made, client };
}

/** A call's reply, narrowed to success: a failed call throws its message, so the test names what went wrong. */
export function ok<T extends { status: string; message?: string }>(res: T): T & { status: 'ok' } {
  if (res.status !== 'ok') throw new Error(res.message);
  return res as T & { status: 'ok' };
}
