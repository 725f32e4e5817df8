import type { Access } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import { type Entry, type EntryDefinition, changesState } from '@portal/contract/shared/define-entry';
import { MESSAGES } from '@portal/contract/shared/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Actor, requireAccess } from './access.ts';
import type { PublicContext } from './context.ts';
import { AppError } from './errors.ts';
import { type AppDeps, withCallContext } from './handle.ts';
import { inputLimitsFor, readInput } from './input.ts';
import { CSRF_HEADER, sessionCookieNames } from './session.ts';

/** The Fastify route of a documented path: `{name}` becomes `:name`, a wildcard's last one `*`. */
export const routeOf = (entry: Pick<Entry, 'path' | 'wildcard'>) =>
  (entry.wildcard ? entry.path.replace(/\{\w+\}$/, '*') : entry.path).replace(/\{(\w+)\}/g, ':$1');

/** The path's parameters by their documented names: a wildcard's rest is Fastify's `*`. */
function paramsOf(entry: Entry, req: FastifyRequest): Record<string, unknown> {
  const { '*': rest, ...params } = (req.params ?? {}) as Record<string, unknown>;
  const last = entry.wildcard ? /\{(\w+)\}$/.exec(entry.path)?.[1] : undefined;
  return last === undefined ? params : { ...params, [last]: rest ?? '' };
}

/** What an entry's own work gets: its request, checked caller and input, and the way into a call context. */
export interface EntryRequest<A extends Access = Access, I extends z.ZodObject = z.ZodObject> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Non-null unless the entry is public. */
  actor: A extends { public: true } ? Actor | null : Actor;
  input: z.output<I>;
  /** The session cookie's value, when the caller sent one (a stream counts and re-checks by it). */
  session: string | undefined;
  /** Runs work in a call context for this request, in one transaction unless `readOnly`. */
  inContext<T>(work: (ctx: PublicContext) => Promise<T>, readOnly?: boolean): Promise<T>;
}

export interface EntryHandler {
  entry: Entry;
  run(r: EntryRequest): Promise<unknown>;
  /** Answers input the schema refused in the page's own words; without it, the envelope's 400. */
  refuseInput?: (reply: FastifyReply) => unknown;
}

/** One handler for one entry: `run` gets the checked caller and input, and answers the request itself. */
export function handleEntry<I extends z.ZodObject, A extends Access>(
  entry: EntryDefinition<I, A>,
  run: (r: EntryRequest<A, I>) => Promise<unknown>,
  opts: { refuseInput?: EntryHandler['refuseInput'] } = {},
): EntryHandler {
  return { entry: entry as unknown as Entry, run: run as unknown as EntryHandler['run'], refuseInput: opts.refuseInput };
}

/** Bodies the entry reads itself: multipart parts and tus's bytes stream, so nothing reads them before access. */
const readsOwnBody = (entry: Entry) => entry.kind === 'upload' || entry.kind === 'resumable-upload';

function rawInput(entry: Entry, req: FastifyRequest): Record<string, unknown> {
  const params = paramsOf(entry, req);
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (!changesState(req.method) || readsOwnBody(entry)) return { ...query, ...params };
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
    throw new AppError(400, MESSAGES.bodyNotObject);
  return { ...(body as Record<string, unknown> | undefined), ...params };
}

/**
 * Registers each entry's methods on its path, through the same steps as every call (platform/handle.ts): the
 * session's actor, the entry's access (401/403), the CSRF token for a cookie session's state-changing request,
 * the input against the entry's schema (400), the metrics label of its path, and a call context for its work.
 */
export function registerEntries(app: FastifyInstance, handlers: readonly EntryHandler[], deps: AppDeps): void {
  const sessionCookie = sessionCookieNames(deps.config.COOKIE_SECURE).session;
  const paths = new Map(handlers.map((h) => [routeOf(h.entry), h.entry.path]));
  app.addHook('onResponse', async (req, reply) => {
    const path = req.routeOptions.url === undefined ? undefined : paths.get(req.routeOptions.url);
    if (deps.metrics && path !== undefined) deps.metrics.call(path, reply.statusCode, reply.elapsedTime / 1000);
  });
  const tus = handlers.filter((h) => h.entry.kind === 'resumable-upload');
  const plain = handlers.filter((h) => h.entry.kind !== 'resumable-upload');
  for (const h of plain) app.route(routeFor(h, deps, sessionCookie, app.initialConfig.bodyLimit));
  if (tus.length) {
    void app.register(async (scope) => {
      // The PATCH body is the upload's bytes: left unread here, the entry streams it into storage.
      scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
      for (const h of tus) scope.route(routeFor(h, deps, sessionCookie, app.initialConfig.bodyLimit));
    });
  }
}

function routeFor(h: EntryHandler, deps: AppDeps, sessionCookie: string, bodyLimit = 1024 * 1024) {
  const { entry } = h;
  if (entry.crossSiteForm && !isPublic(entry.access)) throw new Error(`${entry.path}: a cross-site form must be public`);
  const limits = inputLimitsFor(entry, bodyLimit);
  return {
    method: [...entry.methods],
    url: routeOf(entry),
    config: entry.crossSiteForm ? { crossSiteForm: true } : {},
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const session = req.cookies[sessionCookie];
      // A public entry's credential is in the request itself: no cookie is read, so none can be ridden.
      const resolved = isPublic(entry.access) ? null : await deps.resolveActor(deps.db, session);
      req.actor = resolved?.actor ?? null;
      requireAccess(entry.access, req.actor);
      if (resolved && changesState(req.method) && req.headers[CSRF_HEADER] !== resolved.csrfToken) {
        throw new AppError(403, MESSAGES.csrf);
      }
      let input: unknown;
      try {
        input = readInput(entry, rawInput(entry, req), limits);
      } catch (err) {
        if (h.refuseInput && err instanceof AppError && err.code === 400) return h.refuseInput(reply);
        throw err;
      }
      return h.run({
        req,
        reply,
        actor: req.actor as Actor,
        input: input as Record<string, unknown>,
        session,
        inContext: (work, readOnly = false) => withCallContext(deps, req, reply, work, readOnly),
      });
    },
  };
}
