import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Checks an AWS Signature Version 4 request (header or presigned query form), the way S3 does
 * (docs/decisions/0095): the signature over the request as received, the request's time within 15 minutes of
 * the endpoint's, a presigned URL within its expiry. The payload hash is signed as the client declares it in
 * x-amz-content-sha256; the endpoint hashes the body and compares (s3-endpoint/body.ts).
 */
export interface SignedRequest {
  method: string;
  /** The raw path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Signature {
  accessKey: string;
  form: 'header' | 'query';
  verify(secretKey: string): boolean;
  /** Why the request's time is not acceptable at `now`, or null: a header signature 15 minutes off, an expired URL. */
  timeProblem(now: Date): { code: string; message: string } | null;
  /** The signatures the chunks of a signed aws-chunked body must carry, one after the other. */
  chunkSigner(secretKey: string): (chunkSha256: string) => string;
}

/** S3 refuses a header signature whose time is more than 15 minutes from its own. */
const MAX_SKEW_MS = 15 * 60_000;
/** A presigned URL lives at most seven days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding, as SigV4 wants it: everything but unreserved characters. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function splitUrl(url: string): { path: string; query: [string, string][] } {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const raw = at < 0 ? '' : url.slice(at + 1);
  const query = raw
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });
  return { path, query };
}

function canonicalQuery(query: [string, string][]): string {
  return query
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const v = headers[name];
  const text = Array.isArray(v) ? v.join(',') : (v ?? '');
  return text.trim().replace(/\s+/g, ' ');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** The signature the request carries, or null when it carries none (an anonymous request) or a malformed one. */
export function readSignature(req: SignedRequest): Signature | null {
  const { path, query } = splitUrl(req.url);
  const auth = headerValue(req.headers, 'authorization');
  let credential: string;
  let signedHeaders: string;
  let provided: string;
  let amzDate: string;
  let payloadHash: string;
  let form: Signature['form'];
  let expires = 0;
  let signedQuery = query;
  if (auth.startsWith(`${ALGORITHM} `)) {
    const parts = Object.fromEntries(
      auth
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((p) => p.trim().split('=') as [string, string]),
    );
    credential = parts.Credential ?? '';
    signedHeaders = parts.SignedHeaders ?? '';
    provided = parts.Signature ?? '';
    amzDate = headerValue(req.headers, 'x-amz-date');
    payloadHash = headerValue(req.headers, 'x-amz-content-sha256') || 'UNSIGNED-PAYLOAD';
    form = 'header';
  } else {
    const q = new Map(query);
    if (q.get('X-Amz-Algorithm') !== ALGORITHM) return null;
    credential = q.get('X-Amz-Credential') ?? '';
    signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
    provided = q.get('X-Amz-Signature') ?? '';
    amzDate = q.get('X-Amz-Date') ?? '';
    expires = Number(q.get('X-Amz-Expires') ?? '');
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return null;
    payloadHash = 'UNSIGNED-PAYLOAD';
    form = 'query';
    signedQuery = query.filter(([k]) => k !== 'X-Amz-Signature');
  }
  const [accessKey, day, region, service, terminal] = credential.split('/');
  const signedAt = parseAmzDate(amzDate);
  if (!accessKey || !day || !region || !service || terminal !== 'aws4_request' || !signedHeaders || !/^[0-9a-f]{64}$/.test(provided)) {
    return null;
  }
  if (!signedAt || !amzDate.startsWith(day)) return null;
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headerValue(req.headers, name)}\n`)
    .join('');
  const canonicalRequest = [req.method, path, canonicalQuery(signedQuery), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = (secretKey: string) => hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), service), 'aws4_request');
  return {
    accessKey,
    form,
    verify(secretKey) {
      const expected = createHmac('sha256', signingKey(secretKey)).update(stringToSign).digest();
      return timingSafeEqual(expected, Buffer.from(provided, 'hex'));
    },
    timeProblem(now) {
      if (form === 'query') {
        if (now.getTime() > signedAt.getTime() + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
        if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS) return { code: 'AccessDenied', message: 'Request is not valid yet' };
        return null;
      }
      if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
        return { code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
      }
      return null;
    },
    chunkSigner(secretKey) {
      const key = signingKey(secretKey);
      let previous = provided;
      return (chunkSha256) => {
        const text = ['AWS4-HMAC-SHA256-PAYLOAD', amzDate, scope, previous, EMPTY_SHA256, chunkSha256].join('\n');
        previous = createHmac('sha256', key).update(text).digest('hex');
        return previous;
      };
    },
  };
}

const EMPTY_SHA256 = sha256('');

/** `20261128T181500Z` as a time, or null. */
function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}
