import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { ATTACHMENT_MESSAGES, RESUMABLE_UPLOADS_PATH, type UploadedAttachment } from '@portal/contract/tickets/ticket-attachments';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { MemoryLocker, Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { createResumableUpload, resumableUpload } from '@portal/contract/tickets/ticket-entries';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { withCallContext } from '../../platform/handle.ts';
import { objectStorageFor } from '../../platform/object-storage/index.ts';
import { ObjectStorageTusStore } from '../../platform/object-storage/tus-store.ts';
import { refuseAnnouncedTooLarge } from './attachment-access.ts';
import { type EntryHandler, handleEntry } from '../../platform/entry.ts';
import {
  ATTACHMENT_LIMIT_BYTES,
  cleanFilename,
  isTooLarge,
  recordUpload,
  requireUploadTarget,
  safeType,
  storageKeyFor,
} from './attachments.ts';

/** The request @tus/server is working on, for its store and hooks, which see only a web Request. */
interface Current {
  req: FastifyRequest;
  reply: FastifyReply;
  partLength: number | null;
}
const current = new AsyncLocalStorage<Current>();
const now = (): Current => {
  const c = current.getStore();
  if (!c) throw new Error('tus hook outside a request');
  return c;
};

/** Metadata the browser may set; the owner is written by the server and checked on every later request. */
const CLIENT_METADATA = ['filename', 'filetype', 'index', 'ticket_id'] as const;

/** How long an upload may stay unfinished before it is refused (410) and removed (docs/decisions/0070). */
export const ABANDONED_UPLOAD_MS = 24 * 3_600_000;

const made = new WeakMap<Config, { tus: Server; store: ObjectStorageTusStore }>();

/** The tus server and its store, one per configuration: the routes and the cleanup job share them. */
export function resumableUploads(config: Config, clock: Clock) {
  let found = made.get(config);
  if (found) return found;
  const storage = objectStorageFor(config, clock);
  const store = new ObjectStorageTusStore(storage, () => now().partLength, { afterMs: ABANDONED_UPLOAD_MS, now: () => clock.now() });
  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: store,
    // One node holds the lock of an upload; a second PATCH to the same upload waits or is refused.
    locker: new MemoryLocker(),
    maxSize: ATTACHMENT_LIMIT_BYTES - 1,
    relativeLocation: true,
    // Same origin only: @tus/server would otherwise answer any origin with `Access-Control-Allow-Origin: *`.
    allowedOrigins: () => false,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (_web, upload) => {
      const actor = now().req.actor;
      if (!actor) throw { status_code: 401, body: 'Not logged in\n' };
      const metadata: Record<string, string | null> = {};
      for (const name of CLIENT_METADATA) metadata[name] = upload.metadata?.[name] ?? null;
      metadata.owner_user_id = String(actor.userId);
      metadata.owner_company_id = String(actor.companyId);
      return { metadata };
    },
    onUploadFinish: async (_web, upload) => finish(store, upload),
  });
  found = { tus, store };
  made.set(config, found);
  return found;
}

/**
 * The last byte arrived: the parts become one object under a fresh attachment key, recorded as today's
 * upload route records it (unattached, its uploader's alone), and the PATCH answers that route's envelope.
 */
async function finish(store: ObjectStorageTusStore, upload: Upload) {
  const { req, reply } = now();
  const actor = req.actor;
  if (!actor) throw { status_code: 401, body: 'Not logged in\n' };
  const key = storageKeyFor(actor.companyId);
  const assembled = await store.assemble(upload.id, key);
  let row: Awaited<ReturnType<typeof recordUpload>>;
  try {
    row = await withCallContext(req.server.deps, req, reply, (ctx) =>
      recordUpload(ctx as Parameters<typeof recordUpload>[0], {
        filename: cleanFilename(upload.metadata?.filename ?? ''),
        filesize: assembled.size,
        mime_type: safeType(upload.metadata?.filetype ?? undefined),
        storage_key: key,
        sha256: assembled.sha256,
      }),
    );
  } catch (err) {
    await store.storage.delete(key);
    throw err;
  }
  await store.remove(upload.id);
  const index = upload.metadata?.index ?? '';
  const data: UploadedAttachment = {
    id: row.id,
    index: /^\d{1,6}$/.test(index) ? Number(index) : 0,
    filename: row.filename,
    filesize: row.filesize,
    mime_type: row.mime_type,
  };
  return {
    status_code: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ status: 'ok', code: 200, data }),
  };
}

/** The `Upload-Metadata` header's pairs (`key base64value`, comma-separated), decoded. */
function metadataOf(header: string | string[] | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  if (typeof header !== 'string') return found;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) found[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return found;
}

/**
 * Every tus request has passed its entry's checks (session, tickets access, the CSRF token of a change,
 * platform/entry.ts) and passes the body size's, then: a new upload must announce a length under 500 MB ('Too Large' before anything is stored), and an
 * existing one must be the caller's own; anyone else's answers as a missing one.
 */
async function handleTus(req: FastifyRequest, reply: FastifyReply) {
  refuseAnnouncedTooLarge(req);
  const actor = req.actor;
  if (!actor) throw new AppError(401, ATTACHMENT_MESSAGES.uploadNotFound);
  const { tus, store } = resumableUploads(req.server.deps.config, req.server.deps.clock);
  const id = (req.params as { id?: string }).id;
  if (req.method === 'POST') {
    if (id !== undefined) throw new AppError(404, ATTACHMENT_MESSAGES.uploadNotFound);
    const length = req.headers['upload-length'];
    if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw new AppError(400, ATTACHMENT_MESSAGES.sizeMissing);
    if (isTooLarge(Number(length))) throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
    const ticketId = metadataOf(req.headers['upload-metadata']).ticket_id;
    if (ticketId !== undefined) {
      if (!/^[1-9]\d{0,14}$/.test(ticketId)) throw new AppError(404, TICKET_MESSAGES.notFound);
      await withCallContext(
        req.server.deps,
        req,
        reply,
        (ctx) => requireUploadTarget(ctx as Parameters<typeof requireUploadTarget>[0], Number(ticketId)),
        true,
      );
    }
  } else {
    // Only a name this server made (namingFunction) is looked up: anything else names no upload, nor any other object.
    const info = id === undefined || !/^[0-9a-f]{32}$/.test(id) ? null : await store.info(id);
    if (!info || info.metadata.owner_user_id !== String(actor.userId) || info.metadata.owner_company_id !== String(actor.companyId)) {
      throw new AppError(404, ATTACHMENT_MESSAGES.uploadNotFound);
    }
  }
  const declared = req.headers['content-length'];
  const partLength = typeof declared === 'string' && /^\d{1,15}$/.test(declared) ? Number(declared) : null;
  reply.hijack();
  await current.run({ req, reply, partLength }, () => tus.handle(req.raw, reply.raw));
}

/** `POST /api/v1/tickets/uploads`, and HEAD, PATCH and DELETE on `/api/v1/tickets/uploads/<id>` (tus 1.0.0). */
export function resumableUploadEntries(): EntryHandler[] {
  return [
    handleEntry(createResumableUpload, ({ req, reply }) => handleTus(req, reply)),
    handleEntry(resumableUpload, ({ req, reply }) => handleTus(req, reply)),
  ];
}
