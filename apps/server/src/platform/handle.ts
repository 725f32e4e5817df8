import type { Call, CallData, CallOutput } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { TOKEN_AUTH_MESSAGES } from '@portal/contract/shared/token-permissions';
import { UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, requireAccess, requireTokenPermission } from './access.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import { EXPORT_TYPES, type ExportFormat, exportRows } from './export.ts';
import { inputLimitsFor, readInput, withQueryFields } from './input.ts';
import { readMultipart } from './multipart.ts';
import { reportReader } from './replica.ts';
import type { RequestLogWriter } from './request-log.ts';
import { type ContextDeps, type ContextSource, type PublicContext, runInContext } from './context.ts';
import { CSRF_HEADER, sessionCookieNames } from './session.ts';
import { StreamedAnswer, sendStream } from './stream.ts';

export type { CallContext, PublicContext } from './context.ts';
export type { ContextFor, Handler } from './handler.ts';
import type { ContextFor, Handler } from './handler.ts';

/** Fastify's own default, for an app built without a body limit. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppDeps extends ContextDeps {
  requestLog: RequestLogWriter;
  /** Resolves a session cookie to its actor; supplied by the auth domain. */
  resolveActor(db: Database, sessionToken: string | undefined): Promise<{ actor: Actor; csrfToken: string } | null>;
  /**
   * Resolves an API token to its user's actor, carrying the token's permissions, or null when the token is
   * not accepted; supplied by the tokens domain. `recordUse` marks the use once the call is allowed.
   */
  resolveToken(db: Database, token: string, ip: string): Promise<{ actor: Actor; recordUse(): Promise<void> } | null>;
  /** Starts delivering queued mail; called once a call that queued mail has answered. */
  mailQueued(): void;
}

/**
 * One handler for one contract. The function receives validated input and runs in one transaction.
 * `replica`: a report that only reads; it runs without a transaction on the read replica when one is
 * configured (DATABASE_REPLICA_URL, platform/replica.ts), on the primary's pool otherwise. Its `afterCall` and
 * `afterAnswer` work still gets the primary.
 */
export function handle<C extends Call>(
  call: C,
  run: (input: CallData<C>, ctx: ContextFor<C>) => Promise<CallOutput<C>>,
  opts: { readOnly?: boolean; replica?: boolean; before?: (input: CallData<C>, ctx: ContextFor<C>) => Promise<void> } = {},
): Handler {
  const work = run as Handler['run'];
  if (opts.replica) {
    const onReplica: Handler['run'] = (input, ctx) => work(input, { ...ctx, db: reportReader(ctx.config, ctx.db) });
    return { call, run: onReplica, readOnly: true, before: opts.before as Handler['before'] };
  }
  return { call, run: work, readOnly: opts.readOnly, before: opts.before as Handler['before'] };
}

/** A GET route that does its work in a call context and redirects the browser (a sign-on provider's callback). */
export interface RedirectRoute {
  path: string;
  run(url: URL, ctx: PublicContext): Promise<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** Set when the call queued mail, so delivery starts once the reply is sent. */
    queuedMail: boolean;
  }
}

/** The browser side of a context: the request's address, agent and cookies, and the hooks back to it. */
function requestSource(req: FastifyRequest, reply: FastifyReply, mailQueued: () => void): ContextSource {
  return {
    actor: req.actor,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    cookies: {
      get: (name) => req.cookies[name],
      set: (name, value, opts) => void reply.setCookie(name, value, opts),
      clear: (name, opts) => void reply.clearCookie(name, opts),
    },
    log: req.log,
    onActor: (actor) => {
      req.actor = actor;
    },
    onMail: () => {
      req.queuedMail = true;
      // Work that outlives the answer may queue mail after the onResponse hook has looked: deliver it now.
      if (reply.sent) mailQueued();
    },
    whenAnswered: (start) => {
      const res = reply.raw;
      if (res.writableFinished || res.destroyed) return start();
      res.once('finish', start);
      res.once('close', start);
    },
  };
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

/** Runs work in a call context for a request: calls and redirect routes. */
export function withCallContext<T>(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  work: (ctx: PublicContext) => Promise<T>,
  readOnly = false,
): Promise<T> {
  return runInContext(deps, requestSource(req, reply, deps.mailQueued), work, readOnly);
}

/**
 * The API token a request presents: `Authorization: Bearer <token>`, or `auth_type=token` with the token in
 * the body's `api_token` field (form or JSON; not multipart, whose body is read after access). Null when the
 * request uses its session.
 */
function presentedToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^bearer\s/i.test(header)) return header.slice(7).trim();
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && body.auth_type === 'token') return typeof body.api_token === 'string' ? body.api_token : '';
  return null;
}

/** Registers `POST <path>` for each handler: access, CSRF, input, transaction, output, envelope. */
export function registerHandlers(app: FastifyInstance, handlers: readonly Handler[], deps: AppDeps): void {
  // Labelled by the contract's path, never the request's URL, so a scanner's made-up paths add no series.
  const callPaths = new Set<string>(handlers.map((h) => h.call.path));
  app.addHook('onResponse', async (req, reply) => {
    if (req.queuedMail) deps.mailQueued();
    const path = req.routeOptions.url;
    if (deps.metrics && path !== undefined && callPaths.has(path)) deps.metrics.call(path, reply.statusCode, reply.elapsedTime / 1000);
  });
  for (const { call, run, readOnly, before } of handlers) {
    const limits = inputLimitsFor(call, app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT);
    // Only the name this deployment sets: over https, a plain-named cookie may have been planted by a sibling site.
    const sessionCookie = sessionCookieNames(deps.config.COOKIE_SECURE).session;
    app.post(call.path, async (req, reply) => {
      const presented = presentedToken(req);
      // A token acts alone: no session cookie is read, so no CSRF check applies and none is set.
      const resolved = presented === null ? await deps.resolveActor(deps.db, req.cookies[sessionCookie]) : null;
      if (presented !== null) {
        const viaToken = await deps.resolveToken(deps.db, presented, req.ip);
        if (!viaToken) throw new AppError(401, TOKEN_AUTH_MESSAGES.invalid);
        req.actor = viaToken.actor;
        requireTokenPermission(call, viaToken.actor);
        requireAccess(call.access, req.actor);
        await viaToken.recordUse();
      } else {
        req.actor = resolved?.actor ?? null;
        requireAccess(call.access, req.actor);
      }
      // Read only once the caller may make the call, and within this call's limits.
      if (req.isMultipart()) req.body = await readMultipart(req, limits);
      if (resolved && !isPublic(call.access) && req.headers[CSRF_HEADER] !== resolved.csrfToken) {
        const bodyToken = (req.body as Record<string, unknown> | undefined)?.csrf_token;
        if (bodyToken !== resolved.csrfToken) throw new AppError(403, MESSAGES.csrf);
      }

      const format = exportFormat(req, call);
      const input = readInput(
        call,
        withQueryFields(call, req.query, req.body),
        limits,
        format ? { page: 1, page_size: UNLIMITED_PAGE_SIZE } : {},
      );

      if (before) await withCallContext(deps, req, reply, (ctx) => before(input, ctx), true);
      const result = await withCallContext(deps, req, reply, (ctx) => run(input, ctx), readOnly);
      // A streamed list (handleStream) checks each item against the contract as it is written.
      if (result instanceof StreamedAnswer) return sendStream(req, reply, result);
      const output = call.output.safeParse(result);
      if (!output.success) {
        req.log.error({ path: call.path, issues: output.error.issues }, 'output failed its contract');
        throw new AppError(500, MESSAGES.internal);
      }
      if (format) {
        const rows = (output.data as { rows: Record<string, unknown>[] }).rows;
        return reply
          .header('content-type', EXPORT_TYPES[format])
          .header('content-disposition', `attachment; filename="${call.exportable?.fileName}.${format}"`)
          .send(await exportRows(rows, format));
      }
      return sendOk(reply, output.data);
    });
    if (call.file) registerFileGet(app, call, run, readOnly, deps, sessionCookie, limits);
  }
}

/**
 * `GET <path>?<input>` for a call that answers a file: the same access, input and handler, the file itself
 * as the answer, so a link opens it in a new tab (docs/decisions/0029). No CSRF token: it only reads, and the
 * session cookie is SameSite=Lax.
 */
function registerFileGet(
  app: FastifyInstance,
  call: Call,
  run: Handler['run'],
  readOnly: boolean | undefined,
  deps: AppDeps,
  sessionCookie: string,
  limits: ReturnType<typeof inputLimitsFor>,
): void {
  app.get(call.path, async (req, reply) => {
    const resolved = await deps.resolveActor(deps.db, req.cookies[sessionCookie]);
    req.actor = resolved?.actor ?? null;
    requireAccess(call.access, req.actor);
    const input = readInput(call, { ...(req.query as Record<string, unknown>) }, limits);
    const result = await withCallContext(deps, req, reply, (ctx) => run(input, ctx), readOnly);
    const file = call.output.safeParse(result);
    const data = file.data as { filename?: unknown; pdf_base64?: unknown } | undefined;
    if (!file.success || typeof data?.filename !== 'string' || typeof data.pdf_base64 !== 'string') {
      req.log.error({ path: call.path }, 'file output failed its contract');
      throw new AppError(500, MESSAGES.internal);
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${data.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(data.pdf_base64, 'base64'));
  });
}

/** Registers each redirect route: `GET <path>` runs in a call context and redirects to the answer. */
export function registerRedirects(app: FastifyInstance, routes: readonly RedirectRoute[], deps: AppDeps): void {
  for (const route of routes) {
    app.get(route.path, async (req, reply) => {
      req.actor = null;
      const target = await withCallContext(deps, req, reply, (ctx) => route.run(new URL(req.url, deps.config.PUBLIC_URL), ctx));
      return reply.redirect(target);
    });
  }
}
