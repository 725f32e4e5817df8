import { MESSAGES } from '@portal/contract/shared/envelope';
import { ATTACHMENT_MESSAGES } from '@portal/contract/tickets/ticket-attachments';
import { ATTACHMENT_ACCESS } from '@portal/contract/tickets/ticket-entries';
import type { FastifyRequest } from 'fastify';
import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { CSRF_HEADER, sessionCookieNames } from '../../platform/session.ts';
import { ATTACHMENT_LIMIT_BYTES } from './attachments.ts';

/** Who may upload and download: whoever may use the tickets pages (as create_comment). */
export const ACCESS = ATTACHMENT_ACCESS;
/** Room for the multipart boundaries, part headers and the small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/** Refuses a body that announces 500 MB or more before a byte of it is read. */
export function refuseAnnouncedTooLarge(req: FastifyRequest): void {
  if (Number(req.headers['content-length'] ?? 0) >= ATTACHMENT_LIMIT_BYTES + ENVELOPE_BYTES) {
    throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
  }
}

/**
 * The page action's checks (`POST /` with doAction=upload_support_file), which reaches the upload without its
 * entry's registration: signed in, allowed the tickets pages, the CSRF token in its header, and the body's
 * announced size, as platform/entry.ts checks the upload's own path.
 */
export async function admit(req: FastifyRequest): Promise<void> {
  const deps = req.server.deps;
  const resolved = await deps.resolveActor(deps.db, req.cookies[sessionCookieNames(deps.config.COOKIE_SECURE).session]);
  req.actor = resolved?.actor ?? null;
  requireAccess(ACCESS, req.actor);
  if (req.headers[CSRF_HEADER] !== resolved?.csrfToken) throw new AppError(403, MESSAGES.csrf);
  refuseAnnouncedTooLarge(req);
}
