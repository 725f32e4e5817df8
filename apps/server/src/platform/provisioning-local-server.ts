import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './context.ts';
import { localOperations } from './provisioning.ts';
import { sameSecret } from './session.ts';

/**
 * A local orchestrator that speaks the REST protocol of docs/decisions/0064 over real HTTP, so the production
 * adapters (provisioning-http.ts) can be run and tested without the real one. Its operations are the local
 * provisioners' (`localOperations`): the same build and removal times, the same share of failures decided at the
 * start, the same failure messages. Keys, operations and removals live in memory: a restart forgets them (a check
 * of an operation started before answers 404, which the adapter reports as an unknown operation).
 */
export interface LocalProduct {
  /** The bearer token of this collection's requests. */
  token: string;
  /** The spec's field naming the resource (hosted_server_id, portal_id). */
  idField: string;
  buildSeconds: number;
  deleteSeconds: number;
  failureRate: number;
  buildFailure: string;
  deleteFailure: string;
  /** What a finished build answers; computed once, then every check answers the same. */
  built(spec: Record<string, unknown>): unknown;
}

export interface LocalOrchestrator {
  url: string;
  /** Every request received, without its token, for tests. */
  requests: Array<{ method: string; path: string; idempotencyKey: string }>;
  /** Holds every answer this long (to show a client's timeout). */
  latencyMs: number;
  close(): Promise<void>;
}

interface Operation {
  collection: string;
  local: string;
  failure: string;
  result: () => unknown;
}

const BODY_MAX = 64 * 1024;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) reject(new HttpProblem(413, 'The request is too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const positiveId = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export async function startLocalOrchestrator(o: {
  products: Record<string, LocalProduct>;
  host?: string;
  port?: number;
  now?: () => Date;
  random?: () => number;
  log?: Logger;
}): Promise<LocalOrchestrator> {
  const now = o.now ?? (() => new Date());
  const operations = new Map<string, Operation>();
  const keys = new Map<string, { body: string; operation: string }>();
  const removals = new Map<string, string>();
  const opsOf = (p: LocalProduct) => localOperations({ failureRate: p.failureRate, ...(o.random ? { random: o.random } : {}) });

  function begin(collection: string, p: LocalProduct, seconds: number, failure: string, result: () => unknown): string {
    const id = `op_${randomBytes(12).toString('base64url')}`;
    let memo: { value: unknown } | null = null;
    operations.set(id, {
      collection,
      local: opsOf(p).start(now(), seconds).operation,
      failure,
      result: () => {
        memo ??= { value: result() };
        return memo.value;
      },
    });
    return id;
  }

  function describe(id: string, op: Operation) {
    const t = now();
    const progress = localOperations({ failureRate: 0 }).progress(op.local, t, op.failure, op.result);
    if (progress.state === 'pending') {
      const seconds = Math.max(0, Math.ceil((progress.check_at.getTime() - t.getTime()) / 1000));
      return { operation: id, state: 'pending', check_after_seconds: seconds };
    }
    return progress.state === 'done'
      ? { operation: id, state: 'done', result: progress.result }
      : { operation: id, state: 'failed', message: progress.message };
  }
  const startedAnswer = (id: string, op: Operation) => {
    const d = describe(id, op);
    return { operation: id, check_after_seconds: 'check_after_seconds' in d ? d.check_after_seconds : 0 };
  };

  function authorize(req: http.IncomingMessage, tokens: string[]) {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given) throw new HttpProblem(401, 'A bearer token is required');
    if (!tokens.some((t) => t !== '' && sameSecret(given, t))) throw new HttpProblem(401, 'The bearer token is not valid');
  }

  async function route(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const parts = new URL(req.url ?? '/', 'http://orchestrator').pathname.split('/').filter(Boolean);
    const [first = '', second] = parts;
    if (first === 'operations' && parts.length === 2 && second) {
      if (req.method !== 'GET') throw new HttpProblem(405, 'Operations are read with GET');
      const op = operations.get(second);
      authorize(req, op ? [o.products[op.collection]?.token ?? ''] : Object.values(o.products).map((p) => p.token));
      if (!op) throw new HttpProblem(404, 'Unknown operation');
      return { status: 200, body: describe(second, op) };
    }
    const product = Object.hasOwn(o.products, first) ? o.products[first] : undefined;
    if (!product || parts.length > 2) throw new HttpProblem(404, 'Not found');
    authorize(req, [product.token]);
    if (req.method === 'POST' && parts.length === 1) {
      const key = String(req.headers['idempotency-key'] ?? '');
      if (!key || key.length > 200) throw new HttpProblem(400, 'An Idempotency-Key of at most 200 characters is required');
      const text = await readBody(req);
      let spec: unknown;
      try {
        spec = JSON.parse(text);
      } catch {
        throw new HttpProblem(400, 'The body must be JSON');
      }
      if (typeof spec !== 'object' || spec === null || positiveId((spec as Record<string, unknown>)[product.idField]) === null) {
        throw new HttpProblem(422, `${product.idField} must be a positive integer`);
      }
      const body = JSON.stringify(spec);
      const known = keys.get(`${first}\n${key}`);
      const knownOp = known && operations.get(known.operation);
      if (known && knownOp) {
        if (known.body !== body) throw new HttpProblem(409, 'This Idempotency-Key was used with a different request');
        return { status: 200, body: startedAnswer(known.operation, knownOp) };
      }
      const record = spec as Record<string, unknown>;
      const id = begin(first, product, product.buildSeconds, product.buildFailure, () => product.built(record));
      keys.set(`${first}\n${key}`, { body, operation: id });
      return { status: 202, body: startedAnswer(id, operations.get(id) as Operation) };
    }
    if (req.method === 'DELETE' && parts.length === 2) {
      const resource = positiveId(Number(second));
      if (resource === null) throw new HttpProblem(422, 'The id must be a positive integer');
      // A removal running or done is answered again; after a failed one, a repeat is a new attempt.
      const current = removals.get(`${first}/${resource}`);
      const currentOp = current && operations.get(current);
      if (current && currentOp && describe(current, currentOp).state !== 'failed') {
        return { status: 200, body: startedAnswer(current, currentOp) };
      }
      const id = begin(first, product, product.deleteSeconds, product.deleteFailure, () => null);
      removals.set(`${first}/${resource}`, id);
      return { status: 202, body: startedAnswer(id, operations.get(id) as Operation) };
    }
    throw new HttpProblem(405, 'Method not allowed');
  }

  const orchestrator: LocalOrchestrator = { url: '', requests: [], latencyMs: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    orchestrator.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
    });
    route(req)
      .catch((err: unknown) => {
        if (err instanceof HttpProblem) return { status: err.status, body: { message: err.message } };
        o.log?.error({ err }, 'local orchestrator failed');
        return { status: 500, body: { message: 'The orchestrator failed' } };
      })
      .then(async (answer) => {
        if (orchestrator.latencyMs) await new Promise((r) => setTimeout(r, orchestrator.latencyMs));
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(answer.body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  orchestrator.url = `http://${host}:${address.port}`;
  orchestrator.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return orchestrator;
}
