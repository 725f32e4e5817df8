import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { storeBody } from './body.ts';
import {
  answerEmpty,
  answerXml,
  futureDate,
  header,
  lockModeOf,
  MAX_PUT_BYTES,
  objectHeaders,
  quoted,
  retentionOfNew,
  type S3Call,
  storedHeaders,
  withIncoming,
} from './call.ts';
import { accessDenied, protectedByLock, S3Error } from './errors.ts';
import { copySourceOf, type Target } from './names.ts';
import { type ObjectRecord, retainedAt } from './object-store.ts';
import { parseXml, textOf } from './xml.ts';

/** A write onto a key under retention is refused before its body is read (and again, for certain, as it lands). */
async function refuseRetained(call: S3Call) {
  if (retainedAt(await call.store.head(call.bucket, call.key), call.now)) throw protectedByLock();
}

export async function putObject(call: S3Call) {
  await refuseRetained(call);
  const retention = await retentionOfNew(call);
  const record = await withIncoming(call, async (file) => {
    const body = await storeBody(call.req, file, { maxBytes: MAX_PUT_BYTES, chunkSigner: call.chunkSigner });
    return call.store.put(
      call.bucket,
      call.key,
      file,
      { size: body.size, etag: body.md5, headers: storedHeaders(call), retention },
      call.now,
    );
  });
  answerEmpty(call, 200, { etag: quoted(record.etag) });
}

function rangeOf(text: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(text);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const invalid = new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) throw invalid;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) throw invalid;
  return { start, end };
}

/** If-Match, If-None-Match, If-Modified-Since and If-Unmodified-Since, as S3 weighs them. */
function preconditionStatus(call: S3Call, record: ObjectRecord): 304 | 412 | null {
  const etag = quoted(record.etag);
  const modified = Math.floor(new Date(record.lastModified).getTime() / 1000) * 1000;
  const ifMatch = header(call, 'if-match');
  const ifNoneMatch = header(call, 'if-none-match');
  const since = Date.parse(header(call, 'if-modified-since'));
  const unmodifiedSince = Date.parse(header(call, 'if-unmodified-since'));
  const matches = (list: string) => list.split(',').some((t) => t.trim() === '*' || t.trim() === etag || t.trim() === record.etag);
  if (ifMatch && !matches(ifMatch)) return 412;
  if (!ifMatch && !Number.isNaN(unmodifiedSince) && modified > unmodifiedSince) return 412;
  if (ifNoneMatch && matches(ifNoneMatch)) return 304;
  if (!ifNoneMatch && !Number.isNaN(since) && modified <= since) return 304;
  return null;
}

const OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};

export async function getObject(call: S3Call, headOnly: boolean) {
  const { record, file } = await call.store.openObject(call.bucket, call.key);
  try {
    const status = preconditionStatus(call, record);
    if (status === 412) throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    const headers = objectHeaders(record);
    if (status === 304) return answerEmpty(call, 304, { etag: headers.etag ?? '', 'last-modified': headers['last-modified'] ?? '' });
    for (const [param, name] of Object.entries(OVERRIDES)) {
      const value = call.query.get(param);
      if (value !== undefined) headers[name] = value;
    }
    const rangeHeader = header(call, 'range');
    const range = rangeHeader ? rangeOf(rangeHeader, record.size) : null;
    const length = range ? range.end - range.start + 1 : record.size;
    if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${record.size}`;
    call.res.writeHead(range ? 206 : 200, { ...headers, 'content-length': String(length) });
    if (headOnly || length === 0) return void call.res.end();
    await pipeline(file.createReadStream({ start: range?.start ?? 0, end: range?.end ?? record.size - 1, autoClose: false }), call.res);
  } finally {
    await file.close();
  }
}

export async function deleteObject(call: S3Call) {
  await call.store.delete(call.bucket, call.key, call.now);
  answerEmpty(call, 204);
}

/** The source of a copy: a canonical key in a bucket the signing account owns, opened. */
export async function openCopySource(call: S3Call): Promise<{ source: Target; record: ObjectRecord; file: FileHandle }> {
  const source = copySourceOf(header(call, 'x-amz-copy-source'));
  if (!call.account.buckets().includes(source.bucket)) throw accessDenied();
  return { source, ...(await call.store.openObject(source.bucket, source.key)) };
}

/** Copies bytes `start`..`end` of an open file into `target`, answering their MD5. */
export async function copyBytes(file: FileHandle, target: string, start: number, end: number): Promise<string> {
  const md5 = createHash('md5');
  const out = await open(target, 'wx');
  try {
    if (end >= start) {
      for await (const data of file.createReadStream({ start, end, autoClose: false })) {
        md5.update(data as Buffer);
        await out.write(data as Buffer);
      }
    }
  } finally {
    await out.close();
  }
  return md5.digest('hex');
}

export async function copyObject(call: S3Call) {
  await refuseRetained(call);
  const directive = header(call, 'x-amz-metadata-directive') || 'COPY';
  if (directive !== 'COPY' && directive !== 'REPLACE') throw new S3Error(400, 'InvalidArgument', 'Unknown metadata directive.');
  const { source: from, record: source, file } = await openCopySource(call);
  try {
    if (from.bucket === call.bucket && from.key === call.key && directive === 'COPY') {
      throw new S3Error(
        400,
        'InvalidRequest',
        "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
      );
    }
    const retention = await retentionOfNew(call);
    const headers = directive === 'REPLACE' ? storedHeaders(call) : source.headers;
    const record = await withIncoming(call, async (incoming) => {
      const etag = await copyBytes(file, incoming, 0, source.size - 1);
      return call.store.put(call.bucket, call.key, incoming, { size: source.size, etag, headers, retention }, call.now);
    });
    answerXml(call, 200, 'CopyObjectResult', { LastModified: record.lastModified, ETag: quoted(record.etag) });
  } finally {
    await file.close();
  }
}

export async function getRetention(call: S3Call) {
  if (!(await call.store.config(call.bucket)).objectLock)
    throw new S3Error(400, 'InvalidRequest', 'Bucket is missing Object Lock Configuration');
  const record = await call.store.head(call.bucket, call.key);
  if (!record) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  if (!record.retention)
    throw new S3Error(404, 'NoSuchObjectLockConfiguration', 'The specified object does not have a ObjectLock configuration');
  answerXml(call, 200, 'Retention', { Mode: record.retention.mode, RetainUntilDate: record.retention.until });
}

export async function putRetention(call: S3Call, body: string) {
  if (!(await call.store.config(call.bucket)).objectLock)
    throw new S3Error(400, 'InvalidRequest', 'Bucket is missing Object Lock Configuration');
  const doc = parseXml(body, 'Retention');
  const retention = { mode: lockModeOf(textOf(doc.Mode)), until: futureDate(textOf(doc.RetainUntilDate), call.now) };
  await call.store.retain(call.bucket, call.key, retention, call.now);
  answerEmpty(call, 200);
}
