import { MESSAGES } from '@portal/contract/shared/envelope';
import { ATTACHMENT_MESSAGES } from '@portal/contract/tickets/ticket-attachments';
import type { FastifyRequest } from 'fastify';
import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { CSRF_HEADER, sessionCookieNames } from '../../platform/session.ts';
import { ATTACHMENT_LIMIT_BYTES } from './attachments.ts';

/** Who may upload and download: whoever may use the tickets pages (as create_comment). */
export const ACCESS = { roles: ['customer', 'distributor', 'admin', 'support', 'sales'], capability: 'use_tickets_page' } as const;
/** Room for the multipart boundaries, part headers and the small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/**
 * Checks the caller before a byte of the body is read: signed in, allowed the tickets pages, the CSRF
 * token in its header, and a body that does not announce 500 MB or more.
 */
export async function admit(req: FastifyRequest): Promise<void> {
  const deps = req.server.deps;
  const resolved = await deps.resolveActor(deps.db, req.cookies[sessionCookieNames(deps.config.COOKIE_SECURE).session]);
  req.actor = resolved?.actor ?? null;
  requireAccess(ACCESS, req.actor);
  if (req.headers[CSRF_HEADER] !== resolved?.csrfToken) throw new AppError(403, MESSAGES.csrf);
  if (Number(req.headers['content-length'] ?? 0) >= ATTACHMENT_LIMIT_BYTES + ENVELOPE_BYTES) {
    throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
  }
}
