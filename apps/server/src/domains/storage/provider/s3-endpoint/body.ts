import { createHash, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { S3Error } from './errors.ts';

/**
 * Request bodies as S3 reads them: streamed to a file at constant memory while their size and digests are
 * taken, then checked against what the client declared (x-amz-content-sha256, Content-MD5, the decoded length
 * of an aws-chunked body). A signed aws-chunked body has each chunk's signature checked against the chain
 * that starts at the request's own signature.
 */
export interface StoredBody {
  size: number;
  md5: string;
}

/** Computes the signature a chunk must carry, given its payload's SHA-256; each call moves the chain on. */
export type ChunkSigner = (chunkSha256: string) => string;

export interface BodyRules {
  /** The most bytes the body may hold once decoded. */
  maxBytes: number;
  /** Present when the request is a signed aws-chunked upload. */
  chunkSigner?: ChunkSigner;
}

const STREAMING = /^STREAMING-/;
const hex = (text: string) => /^[0-9a-f]{64}$/.test(text);

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

function sameDigest(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Writes the request's body to `file` and checks it; a refusal leaves the caller to remove the file. */
export async function storeBody(req: IncomingMessage, file: string, rules: BodyRules): Promise<StoredBody> {
  const declared = header(req, 'x-amz-content-sha256') || 'UNSIGNED-PAYLOAD';
  const chunked = STREAMING.test(declared);
  if (chunked && declared.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD') && !rules.chunkSigner) {
    throw new S3Error(400, 'InvalidRequest', 'The chunk signatures of this upload cannot be checked.');
  }
  const md5 = createHash('md5');
  const sha = createHash('sha256');
  let size = 0;
  const count = (data: Buffer) => {
    size += data.length;
    if (size > rules.maxBytes) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.');
    md5.update(data);
  };
  await pipeline(
    req,
    async function* (source: AsyncIterable<Buffer>) {
      if (chunked) {
        for await (const data of decodeAwsChunked(source, declared.startsWith('STREAMING-AWS4') ? rules.chunkSigner : undefined)) {
          count(data);
          yield data;
        }
        return;
      }
      for await (const data of source) {
        count(data);
        sha.update(data);
        yield data;
      }
    },
    createWriteStream(file),
  );
  if (!chunked && hex(declared) && !sameDigest(sha.digest('hex'), declared)) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  if (chunked) {
    const decoded = header(req, 'x-amz-decoded-content-length');
    if (decoded !== '' && Number(decoded) !== size) {
      throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
    }
  }
  const digest = md5.digest();
  const contentMd5 = header(req, 'content-md5');
  if (contentMd5 && !sameDigest(digest.toString('base64'), contentMd5)) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  return { size, md5: digest.toString('hex') };
}

/** A small body (an XML document) read into memory, refused past `maxBytes`. */
export async function readSmallBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const data of req as AsyncIterable<Buffer>) {
    size += data.length;
    if (size > maxBytes) throw new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.');
    parts.push(data);
  }
  const body = Buffer.concat(parts);
  const declared = header(req, 'x-amz-content-sha256');
  if (hex(declared) && !sameDigest(createHash('sha256').update(body).digest('hex'), declared)) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  return body.toString('utf8');
}

const malformed = () => new S3Error(400, 'IncompleteBody', 'The aws-chunked body is malformed.');
const CRLF = Buffer.from('\r\n');

/**
 * The payload of an aws-chunked body: `<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n`, ending with a chunk of
 * size 0 and optional trailers. With a signer, every chunk's signature (the last, empty one included) must match.
 */
export async function* decodeAwsChunked(source: AsyncIterable<Buffer>, signer?: ChunkSigner): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  let remaining = -1; // bytes of the current chunk's data still to come; -1 while a chunk header is expected
  let signature = '';
  let chunkHash = createHash('sha256');
  let ended = false;
  const finishChunk = () => {
    if (!signer) return;
    const expected = signer(chunkHash.digest('hex'));
    if (!sameDigest(expected, signature))
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  };
  for await (const data of source) {
    pending = pending.length ? Buffer.concat([pending, data]) : data;
    for (;;) {
      if (ended) {
        // Trailers (checksums of the whole body) follow the last chunk; the digests above already cover the data.
        pending = Buffer.alloc(0);
        break;
      }
      if (remaining < 0) {
        const eol = pending.indexOf(CRLF);
        if (eol < 0) {
          if (pending.length > 4096) throw malformed();
          break;
        }
        const line = pending.subarray(0, eol).toString('latin1');
        pending = pending.subarray(eol + 2);
        const [sizeText = '', ...extensions] = line.split(';');
        if (!/^[0-9a-fA-F]{1,16}$/.test(sizeText)) throw malformed();
        remaining = Number.parseInt(sizeText, 16);
        signature = extensions.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length) ?? '';
        if (signer && !signature) throw malformed();
        chunkHash = createHash('sha256');
        if (remaining === 0) {
          finishChunk();
          ended = true;
        }
        continue;
      }
      if (remaining > 0) {
        if (!pending.length) break;
        const take = pending.subarray(0, remaining);
        pending = pending.subarray(take.length);
        remaining -= take.length;
        chunkHash.update(take);
        yield Buffer.from(take);
        continue;
      }
      if (pending.length < 2) break;
      if (!pending.subarray(0, 2).equals(CRLF)) throw malformed();
      pending = pending.subarray(2);
      finishChunk();
      remaining = -1;
    }
  }
  if (!ended) throw malformed();
}
