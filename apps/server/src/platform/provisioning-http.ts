import { z } from 'zod';
import type { Logger } from './context.ts';
import type { Progress, Started } from './provisioning.ts';

/**
 * The client side of the orchestrator's REST protocol (docs/decisions/0064), shared by the hosted consoles' and the
 * customer portals' production provisioners, which only name their collection, idempotency key and result shape.
 *
 * - `POST /<collection>` with the spec as JSON and `Idempotency-Key` answers `{ operation, check_after_seconds }`;
 *   the same key always answers the same operation.
 * - `DELETE /<collection>/<id>` answers the removal's operation (the same one while it runs or after it succeeded).
 * - `GET /operations/<id>` answers `{ state: 'pending', check_after_seconds }`, `{ state: 'done', result }` or
 *   `{ state: 'failed', message }`; 404 for an operation it does not know.
 *
 * Every request carries `Authorization: Bearer <token>` and its own timeout. All three are idempotent (POST through
 * its key), so they are retried on a timeout, a lost connection, 408, 429 and 5xx; nothing else is retried.
 * Failures never throw (the provisioner job would roll back every row of its batch): a request the orchestrator
 * refuses (400, 409, 422: another 4xx) ends the operation as failed with its message; one it could not answer
 * (after the retries, or 401/403/404 at a start: a wrong token or address is the operator's to fix, not the
 * customer's build to fail) is started or checked again after `recheckSeconds`. A start not made answers the
 * operation '' (platform/provisioning.ts: the job starts it again at `check_at`).
 * Logs name the method, path, status and the orchestrator's error message: never the token, the spec (it holds
 * storage keys) or a result.
 */
export interface OrchestratorOptions {
  /** The orchestrator's base address, such as https://orchestrator.example.com/v1. */
  url: string;
  token: string;
  /** Each attempt's limit. */
  timeoutMs?: number;
  /** Attempts after the first, for idempotent requests. */
  retries?: number;
  /** The wait before a retry, times the attempt number. */
  retryDelayMs?: number;
  /** When an operation that could not be started or checked is tried again. */
  recheckSeconds?: number;
  log?: Logger;
  fetchFn?: typeof fetch;
}

/** The orchestrator's operation ids: short and URL-safe, so one never changes the path it is put in. */
const OPERATION_ID = /^[A-Za-z0-9_-]{1,128}$/;
/**
 * A start the orchestrator refused is kept as an operation of its own (the interfaces have no failed start): the
 * colon never occurs in the orchestrator's ids, so the check that reads it back asks nobody.
 */
const REFUSED = 'refused:';
const MESSAGE_MAX = 500;

const zStarted = z.object({ operation: z.string().regex(OPERATION_ID), check_after_seconds: z.number().min(0).max(86_400) });
const zOperation = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), check_after_seconds: z.number().min(0).max(86_400) }),
  z.object({ state: z.literal('done'), result: z.unknown() }),
  z.object({ state: z.literal('failed'), message: z.string().min(1) }),
]);

/** An answer, or status 0 with the reason there was none. */
type Answer = { status: number; json: unknown; reason: string };

const RETRYABLE = new Set([408, 429]);
const isTransient = (a: Answer) => a.status === 0 || a.status >= 500 || RETRYABLE.has(a.status) || a.status === 401 || a.status === 403;

function messageOf(a: Answer): string {
  if (a.status === 0) return a.reason;
  const m = (a.json as { message?: unknown } | null)?.message;
  return (typeof m === 'string' && m ? m : `HTTP ${a.status}`).slice(0, MESSAGE_MAX);
}

export function orchestratorClient(o: OrchestratorOptions) {
  const base = o.url.replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? 10_000;
  const retries = o.retries ?? 2;
  const retryDelayMs = o.retryDelayMs ?? 500;
  const recheckMs = (o.recheckSeconds ?? 30) * 1000;
  const fetchFn = o.fetchFn ?? fetch;
  const later = (now: Date) => new Date(now.getTime() + recheckMs);

  async function once(method: string, path: string, body: unknown, key: string | undefined): Promise<Answer> {
    try {
      const res = await fetchFn(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${o.token}`,
          accept: 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: res.status, json, reason: '' };
    } catch (err) {
      const e = err as Error;
      return {
        status: 0,
        json: null,
        reason: e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the orchestrator is unreachable',
      };
    }
  }

  async function request(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, key?: string): Promise<Answer> {
    // Only a request that is safe to repeat is repeated: GET and DELETE by their meaning, POST only with its key.
    const attempts = method === 'POST' && !key ? 1 : 1 + retries;
    let answer: Answer = { status: 0, json: null, reason: 'not sent' };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      answer = await once(method, path, body, key);
      const retryable = answer.status === 0 || answer.status >= 500 || RETRYABLE.has(answer.status);
      if (!retryable) break;
      if (attempt < attempts) await new Promise((r) => setTimeout(r, retryDelayMs * attempt));
    }
    if (isTransient(answer)) {
      o.log?.warn({ method, path, status: answer.status, problem: messageOf(answer) }, 'orchestrator request failed; checked again later');
    }
    return answer;
  }

  function started(a: Answer, now: Date, method: string, path: string): Started {
    // 404 here is a wrong base address (the protocol answers every collection): the operator's to fix.
    if (isTransient(a) || a.status === 404) {
      if (a.status === 404) o.log?.error({ method, path, status: a.status }, 'orchestrator does not know this path');
      return { operation: '', check_at: later(now) };
    }
    const ok = a.status >= 200 && a.status < 300 ? zStarted.safeParse(a.json) : null;
    if (ok?.success) {
      return { operation: ok.data.operation, check_at: new Date(now.getTime() + ok.data.check_after_seconds * 1000) };
    }
    if (ok) {
      o.log?.error({ method, path, status: a.status }, 'orchestrator answered an operation the protocol does not allow');
      return { operation: '', check_at: later(now) };
    }
    const message = `The orchestrator refused the request: ${messageOf(a)}`;
    return { operation: `${REFUSED}${Buffer.from(message).toString('base64url')}`, check_at: now };
  }

  return {
    /** POST /<collection>: `key` makes a repeat (a node that died before its commit) answer the same operation. */
    async startCreate(collection: string, key: string, spec: unknown, now: Date): Promise<Started> {
      return started(await request('POST', `/${collection}`, spec, key), now, 'POST', `/${collection}`);
    },
    async startDelete(collection: string, id: number, now: Date): Promise<Started> {
      const path = `/${collection}/${encodeURIComponent(String(id))}`;
      return started(await request('DELETE', path), now, 'DELETE', path);
    },
    /** GET /operations/<id>, its result checked against `result` (an answer that does not match is asked again). */
    async check<T>(operation: string, now: Date, result: z.ZodType<T>): Promise<Progress<T>> {
      if (operation.startsWith(REFUSED)) {
        return { state: 'failed', message: Buffer.from(operation.slice(REFUSED.length), 'base64url').toString('utf8') };
      }
      if (!OPERATION_ID.test(operation)) return { state: 'failed', message: `Unknown operation ${operation}` };
      const path = `/operations/${operation}`;
      const a = await request('GET', path);
      if (a.status === 404) return { state: 'failed', message: `Unknown operation ${operation}` };
      if (isTransient(a)) return { state: 'pending', check_at: later(now) };
      const parsed = a.status === 200 ? zOperation.safeParse(a.json) : null;
      if (!parsed?.success) {
        o.log?.error({ method: 'GET', path, status: a.status }, 'orchestrator answered an operation the protocol does not allow');
        return { state: 'pending', check_at: later(now) };
      }
      const op = parsed.data;
      if (op.state === 'pending') return { state: 'pending', check_at: new Date(now.getTime() + op.check_after_seconds * 1000) };
      if (op.state === 'failed') return { state: 'failed', message: op.message.slice(0, MESSAGE_MAX) };
      const value = result.safeParse(op.result);
      if (!value.success) {
        o.log?.error({ method: 'GET', path }, 'orchestrator answered a result the protocol does not allow');
        return { state: 'pending', check_at: later(now) };
      }
      return { state: 'done', result: value.data };
    },
  };
}
