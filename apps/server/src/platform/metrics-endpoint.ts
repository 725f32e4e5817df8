import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener, when METRICS_PORT is set: the port it listens on (tests use a free one). */
    metricsEndpoint?: { port(): number | null };
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`; compared in constant time. */
function presentsToken(req: http.IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const presented = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * `GET /metrics` for Prometheus on a listener of its own (METRICS_HOST:METRICS_PORT), never on the app's port,
 * so the balancer that publishes the app does not publish it, and each node is scraped by its own address
 * (docs/decisions/0078). Off unless METRICS_PORT is set; with METRICS_TOKEN it also wants the bearer token.
 */
export function installMetricsEndpoint(app: FastifyInstance, metrics: Metrics): void {
  const { config } = app.deps;
  if (config.METRICS_PORT === undefined) return;
  metrics.withProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return void res.writeHead(404).end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    if (config.METRICS_TOKEN && !presentsToken(req, config.METRICS_TOKEN)) {
      return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (err) => {
        app.log.error({ err }, 'metrics could not be collected');
        res.writeHead(500).end();
      },
    );
  });
  app.decorate('metricsEndpoint', { port: () => (server.address() as AddressInfo | null)?.port ?? null });
  // A port that cannot be taken stops the start, as the HTTP port does.
  app.addHook(
    'onReady',
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
          server.off('error', reject);
          server.on('error', (err) => app.log.error({ err }, 'metrics listener'));
          resolve();
        });
      }),
  );
  app.addHook('onClose', () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    return closed;
  });
}
