import { downloadComet } from '@portal/contract/downloads/download-entries';
import type { FastifyInstance } from 'fastify';
import { type EntryHandler, handleEntry } from '../../platform/entry.ts';
import { sendError } from '../../platform/handle.ts';
import { parseRange } from '../../platform/object-storage/index.ts';
import { fileForDownload, recordDownload, storageOf } from './service.ts';

/** `attachment` with a plain ASCII name and the exact one in RFC 8187 form; names are checked on upload anyway. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `GET /api/v1/downloads/download_comet?version_key=&platform=`: the installer itself, streamed from object
 * storage, for any signed-in user. Range requests are answered (206, or 416 outside the file), with the
 * file's SHA-256 as its ETag for If-Range, so a broken download resumes where it stopped. A hidden or
 * missing version answers as a missing one. The entry's registration has checked the session (platform/entry.ts).
 */
export function downloadEntry(app: FastifyInstance): EntryHandler {
  const deps = app.deps;
  return handleEntry(downloadComet, async ({ req, reply, actor, input }) => {
    const versionKey = input.version_key ?? '';
    const platform = input.platform ?? '';
    const file = await fileForDownload({ db: deps.db }, { versionKey, platform });
    if (!file || file.size_bytes === null || !file.sha256) return sendError(reply, 404, 'File not found');
    const size = file.size_bytes;
    const etag = `"${file.sha256}"`;
    const ifRange = req.headers['if-range'];
    const asked = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, size) : null;
    if (asked === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    const object = await storageOf(deps).get(file.object_key, asked ?? undefined);
    if (!object) {
      req.log.error({ object_key: file.object_key }, 'a ready download has no object');
      return sendError(reply, 404, 'File not found');
    }
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', contentDisposition(file.filename))
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('cache-control', 'private, no-transform')
      .header('x-content-sha256', file.sha256);
    if (asked) {
      reply
        .code(206)
        .header('content-range', `bytes ${asked.start}-${asked.end}/${size}`)
        .header('content-length', asked.end - asked.start + 1);
    } else reply.code(200).header('content-length', size);
    if (!asked || asked.start === 0) await recordDownload(deps, { companyId: actor.companyId, file });
    return reply.send(object.body);
  });
}
