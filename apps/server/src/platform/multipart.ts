import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { type InputLimits, TOO_LARGE } from './input.ts';

export const NO_FILES = 'This call takes no files';
export const MALFORMED = 'The multipart body could not be read';

/** The plugin's and the parser's refusals, as envelope errors (their own messages are not for users). */
function refusal(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return new AppError(413, NO_FILES);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, TOO_LARGE);
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') return new AppError(400, MALFORMED);
  // Busboy's own: no boundary, a malformed part header, a body cut short.
  if (err instanceof Error && /multipart|boundary|part|unexpected end/i.test(err.message)) return new AppError(400, MALFORMED);
  return null;
}

/**
 * Reads a multipart body's fields, refusing a file part as soon as its header arrives (no call takes
 * files, so its content is never read), and stopping at the call's field and byte limits rather than
 * reading on and cutting values short.
 */
export async function readMultipart(req: FastifyRequest, limits: InputLimits): Promise<Record<string, unknown>> {
  const raw = req.raw;
  if (Number(req.headers['content-length'] ?? 0) > limits.bytes) throw new AppError(413, TOO_LARGE);
  let received = 0;
  let stop: (err: AppError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => {});
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.bytes) stop(new AppError(413, TOO_LARGE));
  };
  raw.on('data', count);

  const body: Record<string, unknown> = {};
  const parts = req.parts({
    limits: { files: 0, fields: limits.fields, parts: limits.fields, fieldSize: limits.bytes, fieldNameSize: 200, headerPairs: 20 },
  });
  try {
    for (;;) {
      const next = await Promise.race([parts.next(), stopped]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') throw new AppError(413, NO_FILES);
      if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, TOO_LARGE);
      const known = Object.hasOwn(body, part.fieldname) ? body[part.fieldname] : undefined;
      if (known === undefined) body[part.fieldname] = part.value;
      else if (Array.isArray(known)) known.push(part.value);
      else body[part.fieldname] = [known, part.value];
    }
  } catch (err) {
    // Whatever is still on its way is left unread.
    raw.unpipe();
    throw refusal(err) ?? err;
  } finally {
    raw.off('data', count);
  }
  return body;
}
