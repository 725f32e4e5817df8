import { createHash } from 'node:crypto';
import { storeBody } from './body.ts';
import {
  answerEmpty,
  answerXml,
  header,
  MAX_PUT_BYTES,
  quoted,
  retentionOfNew,
  type S3Call,
  storedHeaders,
  unquoted,
  withIncoming,
} from './call.ts';
import { protectedByLock, S3Error } from './errors.ts';
import { retainedAt } from './object-store.ts';
import { copyBytes, openCopySource } from './objects.ts';
import { listOf, parseXml, textOf } from './xml.ts';

/** Multipart uploads as S3 defines them: parts 1 to 10,000, each but the last at least 5 MiB. */
const MIN_PART_BYTES = 5 * 1024 ** 2;
const MAX_PARTS = 10_000;

function partNumberOf(call: S3Call): number {
  const n = Number(call.query.get('partNumber'));
  if (!Number.isInteger(n) || n < 1 || n > MAX_PARTS)
    throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
  return n;
}

const uploadIdOf = (call: S3Call) => call.query.get('uploadId') ?? '';

export async function createUpload(call: S3Call) {
  if (retainedAt(await call.store.head(call.bucket, call.key), call.now)) throw protectedByLock();
  const retention = await retentionOfNew(call);
  const id = await call.store.createUpload({
    bucket: call.bucket,
    key: call.key,
    initiated: call.now.toISOString(),
    headers: storedHeaders(call),
    ...(retention ? { retention } : {}),
  });
  answerXml(call, 200, 'InitiateMultipartUploadResult', { Bucket: call.bucket, Key: call.key, UploadId: id });
}

export async function uploadPart(call: S3Call) {
  const id = uploadIdOf(call);
  await call.store.upload(id, call.bucket, call.key);
  const partNumber = partNumberOf(call);
  const part = await withIncoming(call, async (file) => {
    const body = await storeBody(call.req, file, { maxBytes: MAX_PUT_BYTES, chunkSigner: call.chunkSigner });
    return call.store.putPart(id, { partNumber, size: body.size, etag: body.md5 }, file, call.now);
  });
  answerEmpty(call, 200, { etag: quoted(part.etag) });
}

export async function uploadPartCopy(call: S3Call) {
  const id = uploadIdOf(call);
  await call.store.upload(id, call.bucket, call.key);
  const partNumber = partNumberOf(call);
  const { record: source, file } = await openCopySource(call);
  try {
    let start = 0;
    let end = source.size - 1;
    const range = header(call, 'x-amz-copy-source-range');
    if (range) {
      const m = /^bytes=(\d+)-(\d+)$/.exec(range);
      if (!m || Number(m[2]) < Number(m[1]) || Number(m[2]) >= source.size) {
        throw new S3Error(
          400,
          'InvalidArgument',
          'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy',
        );
      }
      start = Number(m[1]);
      end = Number(m[2]);
    }
    const part = await withIncoming(call, async (incoming) => {
      const etag = await copyBytes(file, incoming, start, end);
      return call.store.putPart(id, { partNumber, size: end - start + 1, etag }, incoming, call.now);
    });
    answerXml(call, 200, 'CopyPartResult', { LastModified: part.lastModified, ETag: quoted(part.etag) });
  } finally {
    await file.close();
  }
}

export async function completeUpload(call: S3Call, body: string) {
  const id = uploadIdOf(call);
  const upload = await call.store.upload(id, call.bucket, call.key);
  const asked = listOf(parseXml(body, 'CompleteMultipartUpload').Part).map((p) => ({
    partNumber: Number(textOf(p.PartNumber)),
    etag: unquoted(textOf(p.ETag)),
  }));
  if (!asked.length)
    throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
  const stored = new Map((await call.store.parts(id)).map((p) => [p.partNumber, p]));
  const chosen = asked.map((p, i) => {
    if (i > 0 && p.partNumber <= (asked[i - 1]?.partNumber ?? 0)) {
      throw new S3Error(
        400,
        'InvalidPartOrder',
        'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
      );
    }
    const part = stored.get(p.partNumber);
    if (!part || part.etag !== p.etag) {
      throw new S3Error(
        400,
        'InvalidPart',
        "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
      );
    }
    if (i < asked.length - 1 && part.size < MIN_PART_BYTES)
      throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    return part;
  });
  const etag = `${createHash('md5')
    .update(Buffer.concat(chosen.map((p) => Buffer.from(p.etag, 'hex'))))
    .digest('hex')}-${chosen.length}`;
  const size = chosen.reduce((sum, p) => sum + p.size, 0);
  const record = await withIncoming(call, async (file) => {
    await call.store.joinParts(id, chosen, file);
    return call.store.put(call.bucket, call.key, file, { size, etag, headers: upload.headers, retention: upload.retention }, call.now);
  });
  await call.store.abortUpload(id);
  answerXml(call, 200, 'CompleteMultipartUploadResult', {
    Location: `/${call.bucket}/${encodeURIComponent(call.key).replace(/%2F/g, '/')}`,
    Bucket: call.bucket,
    Key: call.key,
    ETag: quoted(record.etag),
  });
}

export async function abortUpload(call: S3Call) {
  const id = uploadIdOf(call);
  await call.store.upload(id, call.bucket, call.key);
  await call.store.abortUpload(id);
  answerEmpty(call, 204);
}

export async function listParts(call: S3Call) {
  const id = uploadIdOf(call);
  await call.store.upload(id, call.bucket, call.key);
  const marker = Number(call.query.get('part-number-marker') ?? 0) || 0;
  const max = Math.min(Number(call.query.get('max-parts') ?? 1000) || 1000, 1000);
  const after = (await call.store.parts(id)).filter((p) => p.partNumber > marker);
  const page = after.slice(0, max);
  answerXml(call, 200, 'ListPartsResult', {
    Bucket: call.bucket,
    Key: call.key,
    UploadId: id,
    PartNumberMarker: marker,
    NextPartNumberMarker: page.at(-1)?.partNumber ?? marker,
    MaxParts: max,
    IsTruncated: after.length > page.length,
    Part: page.map((p) => ({ PartNumber: p.partNumber, LastModified: p.lastModified, ETag: quoted(p.etag), Size: p.size })),
  });
}

export async function listUploads(call: S3Call) {
  const prefix = call.query.get('prefix') ?? '';
  const uploads = [...(await call.store.uploads()).entries()]
    .filter(([, u]) => u.bucket === call.bucket && u.key.startsWith(prefix))
    .sort(([, a], [, b]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, 1000);
  answerXml(call, 200, 'ListMultipartUploadsResult', {
    Bucket: call.bucket,
    KeyMarker: '',
    UploadIdMarker: '',
    Prefix: prefix,
    MaxUploads: 1000,
    IsTruncated: false,
    Upload: uploads.map(([id, u]) => ({ Key: u.key, UploadId: id, Initiated: u.initiated, StorageClass: 'STANDARD' })),
  });
}
