import type { Call, CallData, CallOutput } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { type Actor, requireAccess } from './access.ts';
import type { Clock } from './clock.ts';
import { coerceBody, unstorableText } from './coerce.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import { EXPORT_TYPES, type ExportFormat, exportRows } from './export.ts';
import type { RequestLogWriter } from './request-log.ts';
import { CSRF_HEADER } from './session.ts';

/** What every handler can reach. `db` is the call's own transaction. */
export interface CallContext {
  db: Database;
  /**
   * Work that runs after the call's transaction has ended, committed or not, on the pool: the few
   * writes that must outlive a refused call (failed sign-in counters and their audit events).
   */
  afterCall(work: (pool: Database) => Promise<void>): void;
  actor: Actor | null;
  clock: Clock;
  config: Config;
  req: FastifyRequest;
  reply: FastifyReply;
  requestLog: RequestLogWriter;
}

export interface AppDeps {
  db: Database;
  clock: Clock;
  config: Config;
  requestLog: RequestLogWriter;
  /** Resolves the session cookie to an actor; supplied by the auth domain. */
  resolveActor(db: Database, req: FastifyRequest): Promise<{ actor: Actor; csrfToken: string } | null>;
}

export interface Handler {
  call: Call;
  run(input: unknown, ctx: CallContext): Promise<unknown>;
  /** Reads only: runs on the pool without BEGIN/COMMIT, so its statements may use several connections. */
  readOnly?: boolean;
}

/** One handler for one contract. The function receives validated input and runs in one transaction. */
export function handle<C extends Call>(
  call: C,
  run: (input: CallData<C>, ctx: CallContext) => Promise<CallOutput<C>>,
  opts: { readOnly?: boolean } = {},
): Handler {
  return { call, run: run as Handler['run'], readOnly: opts.readOnly };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function sendOk(reply: FastifyReply, data: unknown) {
  return reply.code(200).send({ status: 'ok', code: 200, data: data ?? null });
}

export function sendError(
  reply: FastifyReply,
  code: number,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  return reply.code(code).send({ status: 'error', code, message, data: { ...extra, ...(fields ? { fields } : {}) } });
}

function exportFormat(req: FastifyRequest, call: Call): ExportFormat | null {
  const format = (req.query as Record<string, unknown> | undefined)?.format;
  return call.exportable && (format === 'csv' || format === 'xlsx') ? format : null;
}

/**
 * Runs work with a call context in one transaction (or on the pool when `readOnly`), then the
 * `afterCall` work. Calls use it through registerHandlers; the few plain routes (redirect targets) directly.
 */
export async function withCallContext<T>(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  work: (ctx: CallContext) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const after: ((pool: Database) => Promise<void>)[] = [];
  const ctxFor = (db: Database): CallContext => ({
    db,
    afterCall: (fn) => after.push(fn),
    actor: req.actor,
    clock: deps.clock,
    config: deps.config,
    req,
    reply,
    requestLog: deps.requestLog,
  });
  try {
    return readOnly ? await work(ctxFor(deps.db)) : await deps.db.transaction((tx) => work(ctxFor(tx as unknown as Database)));
  } finally {
    for (const fn of after) await fn(deps.db);
  }
}

/** Registers `POST <path>` for each handler: access, CSRF, input, transaction, output, envelope. */
export function registerHandlers(app: FastifyInstance, handlers: readonly Handler[], deps: AppDeps): void {
  for (const { call, run, readOnly } of handlers) {
    app.post(call.path, async (req, reply) => {
      const resolved = await deps.resolveActor(deps.db, req);
      req.actor = resolved?.actor ?? null;
      requireAccess(call.access, req.actor);
      if (resolved && !isPublic(call.access) && req.headers[CSRF_HEADER] !== resolved.csrfToken) {
        const bodyToken = (req.body as Record<string, unknown> | undefined)?.csrf_token;
        if (bodyToken !== resolved.csrfToken) throw new AppError(403, MESSAGES.csrf);
      }

      const raw = req.body;
      if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
        throw new AppError(400, MESSAGES.bodyNotObject);
      }
      const format = exportFormat(req, call);
      const body = coerceBody(call.input, req.body);
      if (format) Object.assign(body, { page: 1, page_size: UNLIMITED_PAGE_SIZE });
      const unstorable = unstorableText(body);
      if (unstorable.length) {
        throw new AppError(400, MESSAGES.invalidInput, Object.fromEntries(unstorable.map((p) => [p, MESSAGES.badCharacters])));
      }
      const parsed = call.input.safeParse(body);
      if (!parsed.success) throw new AppError(400, MESSAGES.invalidInput, fieldErrors(parsed.error));

      const result = await withCallContext(deps, req, reply, (ctx) => run(parsed.data, ctx), readOnly);
      const output = call.output.safeParse(result);
      if (!output.success) {
        req.log.error({ path: call.path, issues: output.error.issues }, 'output failed its contract');
        throw new AppError(500, MESSAGES.internal);
      }
      if (format) {
        const rows = (output.data as { rows: Record<string, unknown>[] }).rows;
        const name = call.path.split('/').slice(-2).join('-');
        return reply
          .header('content-type', EXPORT_TYPES[format])
          .header('content-disposition', `attachment; filename="${name}.${format}"`)
          .send(await exportRows(rows, format));
      }
      return sendOk(reply, output.data);
    });
  }
}
