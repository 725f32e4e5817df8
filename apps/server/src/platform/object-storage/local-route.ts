import type { FastifyInstance } from 'fastify';
import { LOCAL_UPLOAD_PATH, type LocalObjectStorage } from './local.ts';

/**
 * The local folder's stand-in for S3's presigned PUT: `PUT /object-storage/upload?key&expires&signature`
 * with the bytes as the body. No session: the signature is the permission, for one key, until it expires.
 * The body is streamed to the folder, never parsed or held in memory.
 */
export function installLocalUploadRoute(app: FastifyInstance, storage: LocalObjectStorage): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams it to the folder.
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.put(LOCAL_UPLOAD_PATH, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const key = q.key ?? '';
      if (!storage.verifyPut(key, q.expires ?? '', q.signature ?? '')) {
        return reply.code(403).send({ status: 'error', code: 403, message: 'This upload link is not valid or has expired.' });
      }
      const length = Number(req.headers['content-length']);
      if (!Number.isSafeInteger(length) || length < 0) {
        return reply.code(411).send({ status: 'error', code: 411, message: 'The upload needs a Content-Length.' });
      }
      try {
        await storage.put(key, req.raw, length);
      } catch (err) {
        req.log.warn({ err, key }, 'upload did not complete; nothing stored');
        return reply.code(400).send({ status: 'error', code: 400, message: 'The upload did not complete.' });
      }
      return reply.code(200).send({ status: 'ok', code: 200, data: null });
    });
  });
}
