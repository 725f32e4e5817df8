import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Checks an AWS Signature Version 4 request (header or presigned query form), the way S3 does: the local
 * endpoint's S3 server accepts any SigV4 signature from a known key without computing it, so the gateway in
 * front of it computes it here (docs/decisions/0050). The payload hash is taken as the client declares it
 * in x-amz-content-sha256; the body is not hashed again.
 */
export interface SignedRequest {
  method: string;
  /** The raw path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Signature {
  accessKey: string;
  /** Where the key id sits, so the gateway can hand the request on under its own key. */
  form: 'header' | 'query';
  verify(secretKey: string): boolean;
}

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
    payloadHash = 'UNSIGNED-PAYLOAD';
    form = 'query';
    signedQuery = query.filter(([k]) => k !== 'X-Amz-Signature');
  }
  const [accessKey, day, region, service, terminal] = credential.split('/');
  if (!accessKey || !day || !region || !service || terminal !== 'aws4_request' || !signedHeaders || !/^[0-9a-f]{64}$/.test(provided)) {
    return null;
  }
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headerValue(req.headers, name)}\n`)
    .join('');
  const canonicalRequest = [req.method, path, canonicalQuery(signedQuery), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  return {
    accessKey,
    form,
    verify(secretKey) {
      const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), service), 'aws4_request');
      const expected = createHmac('sha256', key).update(stringToSign).digest();
      return timingSafeEqual(expected, Buffer.from(provided, 'hex'));
    },
  };
}
