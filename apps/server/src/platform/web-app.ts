import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/contract/shared/envelope';
import type { FastifyInstance } from 'fastify';
import { sendError } from './handle.ts';

/** Hashed build output: its name changes with its content, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from `dist`. Files go out as their brotli or gzip twin written at build time
 * (`<file>.br`, `<file>.gz`) when the browser accepts it; hashed files under /assets/ are cached for a year,
 * everything else (index.html) is revalidated on every use. Source maps are never served. A missing file
 * under /assets/ is a 404; any other GET outside /api is the single-page app's index, which renders its own
 * not-found page.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  const assets = path.join(dist, 'assets') + path.sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // One route per file found at start-up; the compressed twins and the maps get none.
      wildcard: false,
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const isShell =
      hasWeb &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/') &&
      !pathname.endsWith('.map');
    if (isShell) return reply.code(200).sendFile('index.html');
    return sendError(reply, 404, MESSAGES.notFound);
  });
}
