import { MESSAGES } from '@portal/contract/shared/envelope';
import { getTicketHash } from '@portal/contract/tickets/ticket-view';
import { ticketEvents } from '@portal/contract/tickets/ticket-entries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/access.ts';
import { requireAccess } from '../../platform/access.ts';
import { type Cookies, runInContext } from '../../platform/context.ts';
import { type EntryHandler, handleEntry } from '../../platform/entry.ts';
import { AppError } from '../../platform/errors.ts';
import { LiveFeed } from '../../platform/live.ts';
import { TICKET_LIVE_CHANNEL, staffNewsKey } from './queries/tickets.ts';
import { requireTicket } from './scope.ts';
import { TicketPresence, seesViewers, viewersEvent } from './viewers.ts';

export { TICKET_EVENTS_PATH } from '@portal/contract/tickets/ticket-entries';
/** Comment lines keep proxies from closing an idle stream; each also checks the session still stands. */
export const HEARTBEAT_MS = 15_000;
/** How long the browser waits before it reconnects a dropped stream. */
export const RETRY_MS = 5_000;
/** Streams one session may hold open on one node: a few tabs, not an unbounded number of connections. */
export const MAX_STREAMS_PER_SESSION = 5;
export const TOO_MANY_STREAMS = 'Too many live ticket pages are open';

const NO_COOKIES: Cookies = {
  get: () => undefined,
  set: () => {
    throw new Error('a stream sets no cookies');
  },
  clear: () => {},
};

/**
 * The stream, authorized exactly as `get_hash` is: its access, then the ticket as the caller may see it (another
 * company's ticket answers as missing), all before any stream starts. A `changed` event names no hash: the page
 * asks `get_hash` as its 30 s poll does, so a stray event costs one call and shows nothing. The session is checked
 * again on every heartbeat and before every event; once it has ended the stream ends.
 */
export function installTicketLiveRoute(app: FastifyInstance): EntryHandler {
  const deps = app.deps;
  const feed = new LiveFeed(deps.db, TICKET_LIVE_CHANNEL, (err) => app.log.error({ err }, 'ticket live feed lost its connection'));
  const presence = new TicketPresence(deps.db, deps.clock, (err) => app.log.error({ err }, 'ticket viewers feed lost its connection'));
  const perSession = new Map<string, number>();
  const open = new Set<() => void>();
  /** Viewers leaving as their streams end: the app waits for them before it closes the database. */
  const leaving = new Set<Promise<void>>();
  app.decorate('ticketLive', { feed, viewersFeed: presence.feed, streams: () => open.size });
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    await Promise.all([...leaving]);
  });
  app.addHook('onClose', () => feed.close());
  app.addHook('onClose', () => presence.feed.close());

  /** The ticket as this caller may see it now, or why not. */
  const check = async (req: FastifyRequest, token: string | undefined, ticketId: number): Promise<Actor> => {
    const resolved = await deps.resolveActor(deps.db, token);
    if (!resolved) throw new AppError(401, MESSAGES.notLoggedIn);
    requireAccess(getTicketHash.access, resolved.actor);
    const source = { actor: resolved.actor, ip: req.ip, userAgent: req.headers['user-agent'] ?? '', cookies: NO_COOKIES, log: req.log };
    await runInContext(deps, source, (ctx) => requireTicket(ctx as Parameters<typeof requireTicket>[0], ticketId), true);
    return resolved.actor;
  };

  // The entry's registration has checked the session and get_hash's access (platform/entry.ts); the ticket is checked here.
  return handleEntry(ticketEvents, async ({ req, reply, input, session: token }) => {
    const raw = input.id;
    const ticketId = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
    const actor = await check(req, token, ticketId ?? 0);
    req.actor = actor;
    if (ticketId === null || !token) throw new AppError(404, MESSAGES.notFound);
    const held = perSession.get(token) ?? 0;
    if (held >= MAX_STREAMS_PER_SESSION) throw new AppError(429, TOO_MANY_STREAMS);
    perSession.set(token, held + 1);
    let viewer: Awaited<ReturnType<TicketPresence['enter']>>;
    try {
      await Promise.all([feed.ready(), presence.feed.ready()]);
      viewer = await presence.enter(ticketId, actor);
    } catch (err) {
      perSession.set(token, (perSession.get(token) ?? 1) - 1);
      throw err;
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // Proxies that buffer answers (nginx) would hold events back.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n: open\n\n`);

    let ended = false;
    let checking = Promise.resolve(true);
    /** Whether the caller may still see the ticket; the stream ends when not. One check at a time. */
    const stillAllowed = () =>
      (checking = checking.then(async () => {
        if (ended) return false;
        try {
          await check(req, token, ticketId);
          return true;
        } catch (err) {
          if (!(err instanceof AppError)) req.log.error({ err }, 'ticket stream check failed');
          end();
          return false;
        }
      }));
    const changed = () => {
      void stillAllowed().then((ok) => {
        if (ok) res.write(`event: changed\ndata: ${JSON.stringify({ ticket_id: ticketId })}\n\n`);
      });
    };
    const unsubscribe = feed.subscribe(String(ticketId), changed);
    // Notes and assignees are news for staff acting as themselves only, who alone see them (view, viewers).
    const unsubscribeStaff = seesViewers(actor) ? feed.subscribe(staffNewsKey(ticketId), changed) : () => {};
    // Staff see who else has the ticket open (docs/decisions/0047); a customer's stream never carries it.
    let lastViewers: string | null = null;
    const sendViewers = async () => {
      if (!seesViewers(actor) || ended) return;
      const data = viewersEvent(await presence.others(ticketId, actor.userId), lastViewers);
      if (data === null || ended) return;
      lastViewers = data;
      res.write(`event: viewers\ndata: ${data}\n\n`);
    };
    const viewersChanged = () => {
      void stillAllowed()
        .then((ok) => (ok ? sendViewers() : undefined))
        .catch((err) => req.log.error({ err }, 'ticket viewers read failed'));
    };
    const unwatch = seesViewers(actor) ? presence.feed.subscribe(String(ticketId), viewersChanged) : () => {};
    const heartbeat = setInterval(() => {
      void stillAllowed().then(async (ok) => {
        if (!ok) return;
        res.write(': heartbeat\n\n');
        try {
          await viewer.renew();
          await sendViewers();
        } catch (err) {
          req.log.error({ err }, 'ticket viewer heartbeat failed');
        }
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      unsubscribeStaff();
      unwatch();
      const gone = viewer.leave().catch((err) => req.log.error({ err }, 'ticket viewer leave failed'));
      leaving.add(gone);
      void gone.finally(() => leaving.delete(gone));
      open.delete(end);
      const left = (perSession.get(token) ?? 1) - 1;
      if (left > 0) perSession.set(token, left);
      else perSession.delete(token);
      res.end();
    };
    open.add(end);
    // The answer's close, not the request's: a request without a body closes as soon as it has been read.
    res.on('close', end);
    viewersChanged();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ticket streams of this node: their feed and how many are open (tests check none leak). */
    ticketLive: { feed: LiveFeed; viewersFeed: LiveFeed; streams(): number };
  }
}
