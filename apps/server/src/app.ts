import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ALL_CALLS } from '@portal/contract/all-calls';
import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import * as adminTools from './domains/admin-tools/wiring.ts';
import * as auth from './domains/auth/wiring.ts';
import { downloadEntry } from './domains/downloads/routes.ts';
import { attachmentEntries, UPLOAD_PART_LIMITS, uploadAsPageAction } from './domains/tickets/routes.ts';
import { installInboundMail } from './domains/tickets/inbound-mail.ts';
import { installTicketLiveRoute } from './domains/tickets/live.ts';
import { installLocalPortal } from './domains/customer-portal/wiring.ts';
import { installCardGateway } from './domains/payments/wiring.ts';
import { closeStorageProvider, holdStorageProvider } from './domains/storage/wiring.ts';
import * as tenancy from './domains/tenancy/service.ts';
import * as tokens from './domains/tokens/service.ts';
import { ALL_HANDLERS, ALL_REDIRECTS } from './handlers.ts';
import { BackgroundWork } from './platform/background.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db.ts';
import { installDevMailbox } from './platform/dev-mailbox.ts';
import { AppError, knownError } from './platform/errors.ts';
import { registerEntries } from './platform/entry.ts';
import { registerDownloads } from './platform/export-stream.ts';
import { type AppDeps, type Handler, registerHandlers, registerRedirects, sendError } from './platform/handle.ts';
import { isPageActionInner, registerPageActions } from './platform/page-actions.ts';
import { PAGE_ACTIONS } from '@portal/contract/payments/auto-payment';
import { MailDelivery, smtpTransport } from './platform/mail.ts';
import { Metrics } from './platform/metrics.ts';
import { installMetricsEndpoint } from './platform/metrics-endpoint.ts';
import { installLocalUploadRoute, LocalObjectStorage, objectStorageFor, objectStorageOrigins } from './platform/object-storage/index.ts';
import { buildOpenApi } from './platform/openapi.ts';
import { RequestLogWriter } from './platform/request-log.ts';
import { NodeTally, databaseRateLimitStore } from './platform/rate-limit-store.ts';
import { sessionCookieNames } from './platform/session.ts';
import { registerWebApp } from './platform/web-app.ts';
import { boardOrigins, installFeatureBoard } from './domains/help/wiring.ts';

export interface BuildOptions {
  config: Config;
  db: Database;
  clock: Clock;
  handlers?: readonly Handler[];
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes posts from any origin: its credential is in the form, never a cookie (see the Origin hook). */
    crossSiteForm?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** Sends the mail outbox; main.ts starts its timer, and calls that queued mail kick it. */
    mailDelivery: MailDelivery;
    /** The sessions this node resolved a moment ago (docs/decisions/0068). */
    sessionCache: auth.SessionCache;
    /** Turns /readyz unready, so the balancer drains the node before it closes (platform/shutdown.ts). */
    drain(): void;
  }
}

function checkEveryCallHandled(handlers: readonly Handler[]) {
  const handled = new Map(handlers.map((h) => [h.call.path, h]));
  const missing = ALL_CALLS.filter((c) => !handled.has(c.path)).map((c) => c.path);
  if (missing.length) throw new Error(`Calls without a handler: ${missing.join(', ')}`);
  if (handled.size !== handlers.length) throw new Error('A call has more than one handler');
}

export async function buildApp({ config, db, clock, handlers = ALL_HANDLERS, logStream }: BuildOptions): Promise<FastifyInstance> {
  checkEveryCallHandled(handlers);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization'],
            ...(logStream ? { stream: logStream } : {}),
          },
    // Forwarded headers only from the configured proxies; otherwise any client could choose its address.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    bodyLimit: 2 * 1024 * 1024,
    // The router's own refusals (a path parameter too long to route, a malformed one) answer the envelope too.
    frameworkErrors: (err, _req, reply) => {
      const code = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      return sendError(reply, code, MESSAGES.invalidInput);
    },
  });
  const requestLog = new RequestLogWriter(
    (rows) => adminTools.writeRequestLog(db, rows),
    clock,
    (err) => app.log.error({ err }, 'request log write failed'),
  );
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null;
  const mailDelivery = new MailDelivery(db, clock, transport, config.MAIL_FROM, (msg, err) => app.log.error({ err }, msg));
  const sessionCache = new auth.SessionCache(db, config.SESSION_CACHE_SECONDS * 1000, (err) =>
    app.log.warn({ err }, 'session cache: the listening connection was lost; sessions are read from the database until it is back'),
  );
  await sessionCache.start();
  const metrics = new Metrics((err) => app.log.error({ err }, 'a metric could not be read'));
  metrics.watchOutbox(db, clock);
  metrics.watchPool(db);
  metrics.countOf(
    'portal_session_cache_hits_total',
    'Sessions this node answered from its cache (docs/decisions/0068).',
    () => sessionCache.counts.hits,
  );
  metrics.countOf('portal_session_cache_misses_total', 'Session lookups that read the database.', () => sessionCache.counts.misses);
  const deps: AppDeps = {
    db,
    clock,
    config,
    requestLog,
    audit: (db, event) => tenancy.writeEvent({ db }, event),
    background: new BackgroundWork(),
    resolveActor: (d, token) => auth.resolveActor(d, clock.now(), token, sessionCache),
    resolveToken: (d, token, ip) => tokens.resolveToken({ db: d, clock }, { token, ip }),
    mailQueued: () => mailDelivery.kick(),
    committed: () => sessionCache.forget(),
    metrics,
  };
  app.decorate('deps', deps);
  app.decorate('sessionCache', sessionCache);
  app.decorate('mailDelivery', mailDelivery);
  app.decorateRequest('actor', null);
  app.decorateRequest('queuedMail', false);

  // Built once: the Fastify plugin builds the middleware again, parsing the policy, on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Installers are uploaded straight to the S3 endpoint when one is configured (docs/decisions/0036).
        connectSrc: ["'self'", ...objectStorageOrigins(config)],
        // The feature voting board is framed from its own origin when it is not the local one.
        frameSrc: ["'self'", ...boardOrigins(config)],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // A customer portal's sign-in is posted to the portal (docs/decisions/0057).
        formAction: ["'self'", ...config.CLOUDVIEW_SIGN_IN_ORIGINS],
        upgradeInsecureRequests: config.COOKIE_SECURE ? [] : null,
      },
    },
    hsts: config.COOKIE_SECURE,
  });
  app.addHook('onRequest', (req, reply, next) => securityHeaders(req.raw, reply.raw, (err) => next(err as Error | undefined)));
  const rateLimitTally = config.DATABASE_URL ? new NodeTally(db) : null;
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: isPageActionInner,
    // On PostgreSQL, counted in the database so that every app node sees the same count (docs/decisions/0052,
    // 0066); when the database cannot count, the request goes on and its call meets the same database. PGlite is
    // one process, whose memory holds the whole count, as do test apps not configured with DATABASE_URL.
    ...(rateLimitTally ? { store: databaseRateLimitStore(rateLimitTally), skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError(429, MESSAGES.tooManyRequests),
  });
  // Calls take JSON, forms or multipart only; a text body is refused (415) rather than read as nothing.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await app.register(formbody);
  // Each call reads its multipart fields itself, within its own limits (platform/multipart.ts); no call takes files.
  await app.register(multipart, { limits: { files: 0 } });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const known = knownError(err);
    if (known) return sendError(reply, known.code, known.message, known.fields, known.extra);
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, MESSAGES.internal);
  });

  // Cross-site form posts are refused outright; same-site pages also need the CSRF token (see handle.ts).
  // `Origin: null` (a sandboxed frame, a data: page) is no origin of ours either: new URL() cannot read it.
  // A route whose config says `crossSiteForm` takes its credential in the posted form itself, never from a cookie
  // (the customer portal's sign-in, docs/decisions/0057): a post from elsewhere, or with `Origin: null` under our
  // no-referrer policy, can do nothing there that the token's holder could not.
  app.addHook('onRequest', async (req) => {
    const origin = req.headers.origin;
    if (req.routeOptions.config?.crossSiteForm) return;
    if (req.method !== 'GET' && req.method !== 'HEAD' && origin !== undefined) {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {}
      if (host !== req.headers.host) throw new AppError(403, MESSAGES.forbidden);
    }
  });
  app.addHook('onResponse', async (req) => {
    if (req.actor) {
      deps.requestLog.add({ company_id: req.actor.companyId, user_id: req.actor.userId, ip: req.ip, method: req.method, uri: req.url });
    }
  });
  // Work started after answers may still write history lines and queue mail: it ends first.
  app.addHook('onClose', () => deps.background.idle());
  app.addHook('onClose', () => deps.requestLog.flush());
  if (rateLimitTally) app.addHook('onClose', () => rateLimitTally.flush());
  app.addHook('onClose', () => sessionCache.close());
  app.addHook('onClose', () => mailDelivery.stop());
  // The embedded storage endpoint: started by the first storage call, stopped with the app (docs/decisions/0050).
  holdStorageProvider(config, db);
  app.addHook('onClose', () => closeStorageProvider(config));

  const health = { config: { rateLimit: false } };
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  // A draining node closes each connection after its answer, so the client's next request opens one
  // through the balancer to another node, and the close does not wait on idle keep-alive connections.
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.get('/healthz', health, async () => ({ status: 'ok' }));
  app.get('/readyz', health, async (_req, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // Unpublished docs are simply not routed: /api/docs and /api/openapi.json answer 404 like any unknown path.
  if (config.API_DOCS_PUBLIC) {
    const openapi = buildOpenApi(ALL_CALLS, sessionCookieNames(config.COOKIE_SECURE), config.PUBLIC_URL, ALL_ENTRIES);
    app.get('/api/openapi.json', async () => openapi);
    await app.register(swagger, { mode: 'static', specification: { document: openapi as never } });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // The sandbox card processor's hosted page lives beside the portal (docs/decisions/0024).
  installCardGateway(app, deps);
  installFeatureBoard(app, deps);
  const objectStorage = objectStorageFor(config, clock);
  if (objectStorage instanceof LocalObjectStorage) installLocalUploadRoute(app, objectStorage);
  registerEntries(app, [downloadEntry(app), installTicketLiveRoute(app), ...attachmentEntries()], deps);
  installInboundMail(app);
  installMetricsEndpoint(app, metrics);
  installLocalPortal(app, deps);
  installDevMailbox(app, config, db);
  registerHandlers(app, handlers, deps);
  registerDownloads(app, handlers, deps, app.initialConfig.bodyLimit ?? 1024 * 1024);
  registerRedirects(app, ALL_REDIRECTS, deps);
  registerPageActions(app, PAGE_ACTIONS, { upload_support_file: { limits: UPLOAD_PART_LIMITS, handle: uploadAsPageAction } });
  await registerWebApp(app, config.WEB_DIST);
  return app;
}
