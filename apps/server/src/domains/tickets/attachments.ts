import { ATTACHMENT_MESSAGES } from '@portal/contract/tickets/ticket-attachments';
import { ATTACHMENT_LIMIT_BYTES } from '@portal/contract/tickets/ticket-fields';
import { randomUUID } from 'node:crypto';
import type { CallContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as qa from './queries/attachments.ts';
import type { AttachmentRow } from './queries/tickets.ts';
import { requireTicket } from './scope.ts';

export { ATTACHMENT_LIMIT_BYTES };

/** The name as the browser sent it, without any folder, control characters or more than 200 characters. */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f).join('');
  const clean = printable.trim().slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}

/**
 * Types a browser may be told; anything else (HTML, SVG, XML, scripts) is served as octet-stream, and
 * always as an attachment, so no upload ever renders in the portal's origin.
 */
const SAFE_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/json',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/octet-stream',
]);

export function safeType(raw: string | undefined): string {
  const type = (raw ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return SAFE_TYPES.has(type) ? type : 'application/octet-stream';
}

/** Where an upload's bytes live: a fresh random key, never derived from the name. */
export const storageKeyFor = (companyId: number) => `ticket-attachments/${companyId}/${randomUUID()}`;

export const isTooLarge = (bytes: number) => !Number.isSafeInteger(bytes) || bytes < 0 || bytes >= ATTACHMENT_LIMIT_BYTES;

export async function recordUpload(
  ctx: CallContext,
  file: { filename: string; filesize: number; mime_type: string; storage_key: string; sha256: string },
): Promise<AttachmentRow> {
  return qa.insertAttachment(ctx.db, {
    ...file,
    company_id: ctx.actor.companyId,
    uploaded_by_user_id: ctx.actor.userId,
    created_at: ctx.clock.now(),
  });
}

/**
 * The attachment, if the actor may see its ticket (the ticket's own rule, so another company's attachment
 * answers exactly as a missing one). An upload not yet on a comment is its uploader's alone.
 */
export async function attachmentForDownload(ctx: CallContext, id: number): Promise<AttachmentRow> {
  const row = await qa.findAttachment(ctx.db, id);
  if (!row) throw notFound(ATTACHMENT_MESSAGES.notFound);
  if (row.ticket_id === null || row.comment_id === null) {
    if (row.uploaded_by_user_id !== ctx.actor.userId) throw notFound(ATTACHMENT_MESSAGES.notFound);
    return row;
  }
  try {
    await requireTicket(ctx, row.ticket_id);
  } catch {
    throw notFound(ATTACHMENT_MESSAGES.notFound);
  }
  return row;
}

/**
 * An upload meant for a ticket's comment is refused up front unless the caller may see that ticket (the
 * ticket's own rule: another company's ticket answers as a missing one). create_comment checks it again.
 */
export async function requireUploadTarget(ctx: CallContext, ticketId: number): Promise<void> {
  await requireTicket(ctx, ticketId);
}
