import { z } from 'zod';
import { defineEntry } from '../shared/define-entry.ts';
import { DOWNLOAD_SUPPORT_ATTACHMENT_PATH, RESUMABLE_UPLOADS_PATH, UPLOAD_SUPPORT_FILE_PATH } from './ticket-attachments.ts';
import { getTicketHash } from './ticket-view.ts';

/**
 * The ticket entry points that are not ordinary calls (docs/decisions/0038, 0043, 0098): the attachment's
 * multipart upload and its resumable twin, the file's download, and the open ticket page's live stream.
 */

/** Who may upload and download attachments: whoever may use the tickets pages (as create_comment). */
export const ATTACHMENT_ACCESS = {
  roles: ['customer', 'distributor', 'admin', 'support', 'sales'],
  capability: 'use_tickets_page',
} as const;

/** An id in a link: text, so one that is not an id answers as a missing attachment or ticket, as links always did. */
const zLinkId = z.string().max(40);

export const uploadSupportFile = defineEntry({
  kind: 'upload',
  path: UPLOAD_SUPPORT_FILE_PATH,
  methods: ['POST'],
  summary:
    'Uploads one attachment as multipart: the fields index and size (the file’s bytes) before the file. Under 500 MB; unattached until create_ticket or create_comment names its id.',
  access: ATTACHMENT_ACCESS,
  input: z.object({ index: z.string().max(6).optional(), size: z.string().max(12).optional() }),
  answers: 'application/json',
  example: { index: '0', size: '5' },
});

export const createResumableUpload = defineEntry({
  kind: 'resumable-upload',
  path: RESUMABLE_UPLOADS_PATH,
  methods: ['POST'],
  summary: 'Creates a resumable (tus 1.0.0) attachment upload of Upload-Length bytes; its Location is where the bytes go.',
  access: ATTACHMENT_ACCESS,
  input: z.object({}),
  headers: z.object({
    'tus-resumable': z.literal('1.0.0'),
    'upload-length': z.string().regex(/^\d{1,15}$/),
    'upload-metadata': z.string().optional(),
  }),
  answers: 'application/json',
});

export const resumableUpload = defineEntry({
  kind: 'resumable-upload',
  path: `${RESUMABLE_UPLOADS_PATH}/{id}`,
  methods: ['HEAD', 'PATCH', 'DELETE'],
  summary:
    'One of the caller’s resumable uploads: HEAD tells its offset, PATCH sends the next bytes (the last answers the upload’s envelope), DELETE drops it.',
  access: ATTACHMENT_ACCESS,
  input: z.object({ id: z.string().max(64) }),
  headers: z.object({ 'tus-resumable': z.literal('1.0.0'), 'upload-offset': z.string().optional() }),
  answers: 'application/json',
  example: { id: 'ffffffffffffffffffffffffffffffff' },
});

export const downloadSupportAttachment = defineEntry({
  kind: 'download',
  path: DOWNLOAD_SUPPORT_ATTACHMENT_PATH,
  methods: ['GET'],
  summary: 'An attachment’s file, always as an attachment, to whoever may see its ticket; Range requests are answered.',
  access: ATTACHMENT_ACCESS,
  input: z.object({ id: zLinkId.optional() }),
  headers: z.object({ range: z.string().optional(), 'if-range': z.string().optional() }),
  answers: 'application/octet-stream',
  ranges: true,
  example: { id: '999999999' },
});

/** `GET /api/v1/tickets/events?id=`: a server-sent event stream telling an open ticket page of each new hash. */
export const TICKET_EVENTS_PATH = '/api/v1/tickets/events';

export const ticketEvents = defineEntry({
  kind: 'stream',
  path: TICKET_EVENTS_PATH,
  methods: ['GET'],
  summary:
    'Server-sent events for an open ticket page: `changed` when its hash may have changed (ask get_hash), `viewers` for staff. Authorized as get_hash, again on every heartbeat.',
  access: getTicketHash.access,
  input: z.object({ id: zLinkId.optional() }),
  answers: 'text/event-stream',
  example: { id: '999999999' },
});

export const TICKET_ENTRIES = [uploadSupportFile, createResumableUpload, resumableUpload, downloadSupportAttachment, ticketEvents];
