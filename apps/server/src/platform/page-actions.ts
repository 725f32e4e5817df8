import { randomBytes } from 'node:crypto';
import type { Call } from '@portal/contract/shared/define-call';
import { MESSAGES } from '@portal/contract/shared/envelope';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { CSRF_HEADER } from './session.ts';

/** What the call sees of the browser's request: its session, CSRF token and origin checks. */
const FORWARDED = ['cookie', CSRF_HEADER, 'host', 'origin', 'referer', 'user-agent'] as const;

/**
 * Marks the inner request of a page action, whose sender the rate limit has already counted. The value is
 * this process's secret, so no browser can send it to skip the limit.
 */
const INNER_HEADER = 'x-portal-page-action';
const INNER_SECRET = randomBytes(16).toString('hex');

/** Whether a request is a page action's own inner call (the rate limit counts its sender once, outside). */
export const isPageActionInner = (req: FastifyRequest): boolean => req.headers[INNER_HEADER] === INNER_SECRET;

/**
 * The spec's page actions (`POST /` with `doAction=…`, DESIGN.md wire conventions): each names a call, and
 * the action is that call with the rest of the form, passed through the same route, so access, CSRF,
 * validation, the transaction and the envelope are the call's own.
 */
export function registerPageActions(
  app: FastifyInstance,
  actions: Readonly<Record<string, Pick<Call, 'path'>>>,
  streamed: Readonly<Record<string, StreamedAction>> = {},
): void {
  app.post('/', async (req, reply) => {
    if (req.isMultipart()) return streamedAction(req, reply, streamed);
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const { doAction, ...input } = body;
    const call = typeof doAction === 'string' && Object.hasOwn(actions, doAction) ? actions[doAction] : undefined;
    if (!call) throw new AppError(404, MESSAGES.notFound);
    const headers: Record<string, string> = { [INNER_HEADER]: INNER_SECRET };
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The call sees the browser's address (sessions, token use and logs record it), not the loopback's.
    const answer = await app.inject({ method: 'POST', url: call.path, headers, payload: input, remoteAddress: req.ip });
    return reply
      .code(answer.statusCode)
      .header('content-type', answer.headers['content-type'] ?? 'application/json; charset=utf-8')
      .send(answer.body);
  });
}

/** A page action whose multipart body carries a file: read as a stream by its own handler, never buffered. */
export interface StreamedAction {
  limits: { files: number; fields: number; parts: number; fieldSize: number; fieldNameSize: number; fileSize: number };
  handle: (req: FastifyRequest, reply: FastifyReply, parts: AsyncIterableIterator<Multipart>) => Promise<unknown>;
}

/** A multipart `POST /` names its action in its first field, doAction; the rest is the action's to read. */
async function streamedAction(req: FastifyRequest, reply: FastifyReply, streamed: Readonly<Record<string, StreamedAction>>) {
  const names = Object.keys(streamed);
  if (names.length === 0) throw new AppError(404, MESSAGES.notFound);
  const limits = names.map((n) => streamed[n]?.limits).find(Boolean);
  const parts = req.parts({
    limits: limits ? { ...limits, fields: limits.fields + 1, parts: limits.parts + 1 } : undefined,
  }) as AsyncIterableIterator<Multipart>;
  const first = await parts.next();
  const part = first.done ? undefined : first.value;
  const name = part?.type === 'field' && part.fieldname === 'doAction' ? String(part.value) : '';
  const action = Object.hasOwn(streamed, name) ? streamed[name] : undefined;
  if (!action) throw new AppError(404, MESSAGES.notFound);
  return action.handle(req, reply, parts);
}
