import type { Multipart } from '@fastify/multipart';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { ATTACHMENT_MESSAGES, UPLOAD_FAILED_STATUS, type UploadedAttachment } from '@portal/contract/tickets/ticket-attachments';
import { downloadSupportAttachment, uploadSupportFile } from '@portal/contract/tickets/ticket-entries';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { admit, refuseAnnouncedTooLarge } from './attachment-access.ts';
import { resumableUploadEntries } from './attachment-tus.ts';
import { type EntryHandler, handleEntry } from '../../platform/entry.ts';
import { AppError, knownError } from '../../platform/errors.ts';
import { sendError, sendOk, withCallContext } from '../../platform/handle.ts';
import { objectStorageFor, parseRange } from '../../platform/object-storage/index.ts';
import {
  ATTACHMENT_LIMIT_BYTES,
  attachmentForDownload,
  cleanFilename,
  isTooLarge,
  recordUpload,
  safeType,
  storageKeyFor,
} from './attachments.ts';

/** The parts the upload reads: index, size, the file; doAction when it came through `POST /`. */
export const UPLOAD_PART_LIMITS = {
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 200,
  fieldNameSize: 50,
  fileSize: ATTACHMENT_LIMIT_BYTES - 1,
};

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `upload_support_file`: fields `index` and `size` (the file's bytes, sent before it), then `file`. The file
 * is streamed into object storage with its SHA-256 taken on the way; only a complete file under 500 MB is
 * stored and recorded, unattached until create_ticket or create_comment names its id.
 */
export async function handleUpload(req: FastifyRequest, reply: FastifyReply, parts?: AsyncIterableIterator<Multipart>) {
  if (!parts) {
    // The entry's registration has checked the caller and the CSRF token (platform/entry.ts).
    refuseAnnouncedTooLarge(req);
    if (!req.isMultipart()) throw new AppError(400, ATTACHMENT_MESSAGES.noFile);
  }
  const deps = req.server.deps;
  const storage = objectStorageFor(deps.config, deps.clock);
  const iterator = parts ?? (req.parts({ limits: UPLOAD_PART_LIMITS }) as AsyncIterableIterator<Multipart>);
  const fields: Record<string, string> = {};
  for await (const part of iterator) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (fields.size === undefined || !/^\d{1,12}$/.test(fields.size)) throw new AppError(400, ATTACHMENT_MESSAGES.sizeMissing);
    const size = Number(fields.size);
    if (isTooLarge(size)) throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
    const actor = req.actor;
    if (!actor) throw new AppError(401, MESSAGES.notLoggedIn);
    const key = storageKeyFor(actor.companyId);
    const hash = createHash('sha256');
    let seen = 0;
    // Counted again while streaming: a body that outgrows what it announced, or the limit, stops here.
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        if (seen > size || seen >= ATTACHMENT_LIMIT_BYTES) return done(new AppError(413, ATTACHMENT_MESSAGES.tooLarge));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    let failure: unknown = null;
    meter.on('error', (err) => {
      failure = err;
    });
    part.file.on('error', (err) => meter.destroy(err));
    part.file.pipe(meter);
    try {
      await storage.put(key, meter, size);
    } catch (err) {
      part.file.resume();
      if (failure instanceof AppError) throw failure;
      if (err instanceof AppError) throw err;
      if (part.file.truncated) throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
      if (seen !== size) throw new AppError(400, ATTACHMENT_MESSAGES.sizeMismatch);
      req.log.error({ err }, 'attachment upload failed');
      throw new AppError(500, ATTACHMENT_MESSAGES.internal);
    }
    if (part.file.truncated || seen !== size) {
      await storage.delete(key);
      throw new AppError(
        part.file.truncated ? 413 : 400,
        part.file.truncated ? ATTACHMENT_MESSAGES.tooLarge : ATTACHMENT_MESSAGES.sizeMismatch,
      );
    }
    const file = {
      filename: cleanFilename(part.filename),
      filesize: size,
      mime_type: safeType(part.mimetype),
      storage_key: key,
      sha256: hash.digest('hex'),
    };
    let row: Awaited<ReturnType<typeof recordUpload>>;
    try {
      row = await withCallContext(deps, req, reply, (ctx) => recordUpload(ctx as Parameters<typeof recordUpload>[0], file));
    } catch (err) {
      await storage.delete(key);
      throw err;
    }
    const answer: UploadedAttachment = {
      id: row.id,
      index: /^\d{1,6}$/.test(fields.index ?? '') ? Number(fields.index) : 0,
      filename: row.filename,
      filesize: row.filesize,
      mime_type: row.mime_type,
    };
    return sendOk(reply, answer);
  }
  throw new AppError(400, ATTACHMENT_MESSAGES.noFile);
}

/**
 * `GET /download_support_attachment?id=`: the file, streamed, always as an attachment with a safe type and
 * a sandboxing CSP, to whoever may see its ticket; ranges answered as the installer downloads are.
 */
const download = handleEntry(downloadSupportAttachment, async ({ req, reply, input, inContext }) => {
  const deps = req.server.deps;
  const raw = input.id;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,14}$/.test(raw)) return sendError(reply, 404, ATTACHMENT_MESSAGES.notFound);
  const row = await inContext((ctx) => attachmentForDownload(ctx as Parameters<typeof attachmentForDownload>[0], Number(raw)), true);
  const size = row.filesize;
  const etag = row.sha256 ? `"${row.sha256}"` : undefined;
  const ifRange = req.headers['if-range'];
  const asked = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, size) : null;
  if (asked === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  const object = await objectStorageFor(deps.config, deps.clock).get(row.storage_key, asked ?? undefined);
  if (!object) {
    req.log.error({ storage_key: row.storage_key }, 'an attachment has no object');
    return sendError(reply, 404, ATTACHMENT_MESSAGES.notFound);
  }
  reply
    .header('content-type', row.mime_type.startsWith('text/') ? `${safeType(row.mime_type)}; charset=utf-8` : safeType(row.mime_type))
    .header('content-disposition', contentDisposition(row.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store');
  if (etag) reply.header('etag', etag);
  if (asked) {
    reply
      .code(206)
      .header('content-range', `bytes ${asked.start}-${asked.end}/${size}`)
      .header('content-length', asked.end - asked.start + 1);
  } else reply.code(200).header('content-length', size);
  return reply.send(object.body);
});

/** The attachment entry points: the multipart upload, the resumable one, and the download. */
export function attachmentEntries(): EntryHandler[] {
  return [handleEntry(uploadSupportFile, ({ req, reply }) => handleUpload(req, reply)), ...resumableUploadEntries(), download];
}

/**
 * The page action's way in: `POST /` multipart whose first field is doAction=upload_support_file. Its clients
 * read a status of FAILED as the error (spec-1 §7 Attachments), so a refusal answers that word in the envelope's
 * place of `error`, with the same code, message and field errors.
 */
export async function uploadAsPageAction(req: FastifyRequest, reply: FastifyReply, parts: AsyncIterableIterator<Multipart>) {
  try {
    await admit(req);
    return await handleUpload(req, reply, parts);
  } catch (err) {
    const known = knownError(err as Error);
    if (!known) req.log.error({ err }, 'attachment upload failed');
    const { code, message, fields } = known ?? new AppError(500, ATTACHMENT_MESSAGES.internal);
    return reply.code(code).send({ status: UPLOAD_FAILED_STATUS, code, message, data: fields ? { fields } : {} });
  }
}
