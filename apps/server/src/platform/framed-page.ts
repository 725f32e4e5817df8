import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The content security policy of a page the portal serves for a stand-in outside service (the sandbox
 * card page, the local feature voting board): only the portal's own pages may frame it, it runs only its
 * own script files (no inline script), and it talks only to itself.
 */
export const FRAMED_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Sets the headers of such a page: its policy instead of the portal's, framing by the portal only, never cached. */
export function framedPageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', FRAMED_PAGE_POLICY)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8');
}

/** Serves such a page's script file (its policy allows no inline script). */
export function serveFramedPageScript(app: FastifyInstance, path: string, source: string): void {
  app.get(path, async (_req, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(source),
  );
}
