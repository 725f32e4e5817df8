import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { logout } from '@portal/contract/auth/login';
import type { FastifyInstance } from 'fastify';
import * as auth from '../domains/auth/wiring.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../platform/session.ts';

/**
 * A person of the demo world at their browser: each call goes through the app's own route, as the web app
 * sends it (session cookie, CSRF header), so it passes the same access checks, validation and transaction.
 * The password step is skipped (a session is opened as signing in would), and `done` signs out again.
 */
export class DemoClient {
  private constructor(
    readonly app: FastifyInstance,
    private readonly cookies: Record<string, string>,
  ) {}

  static async signIn(app: FastifyInstance, userId: number): Promise<DemoClient> {
    const { token, row } = await auth.createSession(app.deps.db, app.deps.clock.now(), {
      userId,
      impersonatorUserId: null,
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (demo world)',
    });
    return new DemoClient(app, { [SESSION_COOKIE]: token, [CSRF_COOKIE]: row.csrf_token });
  }

  /** The call's data; a refusal throws its message, since the demo world only does what succeeds. */
  async call<C extends Call>(contract: C, input: CallInput<C>): Promise<CallOutput<C>> {
    const res = await this.app.inject({
      method: 'POST',
      url: contract.path,
      cookies: this.cookies,
      headers: { 'x-csrf-token': this.cookies[CSRF_COOKIE] ?? '' },
      payload: input as object,
    });
    await this.app.deps.background.idle();
    const body = res.json() as { status: string; message?: string; data: CallOutput<C> };
    if (body.status !== 'ok') throw new Error(`${contract.path}: ${res.statusCode} ${body.message ?? res.body.slice(0, 300)}`);
    return body.data;
  }

  /** A form post to a page of the app that is not a call (the sandbox's hosted card page). */
  async form(url: string, fields: Record<string, string>): Promise<void> {
    const res = await this.app.inject({ method: 'POST', url, payload: fields });
    if (res.statusCode >= 400) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }

  /** Signs out, so the world keeps no stale sessions on the users' session lists. */
  async done(): Promise<void> {
    await this.call(logout, {});
  }
}

/** A session for a few calls: signed in, used, signed out. */
export async function asUser<T>(app: FastifyInstance, userId: number, work: (client: DemoClient) => Promise<T>): Promise<T> {
  const client = await DemoClient.signIn(app, userId);
  try {
    return await work(client);
  } finally {
    await client.done();
  }
}

/** `fetch` over the app's routes, for clients that speak HTTP (the server simulator's check-ins). */
export function fetchThrough(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    await app.deps.background.idle();
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  }) as typeof fetch;
}
