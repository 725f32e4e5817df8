import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Signed S3 requests with the path exactly as written, for what an SDK will not send (dot segments, encoded
 * slashes, another Host). The signing is the AWS SDK's own (@smithy/signature-v4), not the endpoint's code.
 */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): string | Buffer {
  if (typeof data === 'string') return data;
  return ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
}

export interface RawKeys {
  accessKey: string;
  secretKey: string;
}

export interface RawRequest {
  method: string;
  /** The raw path, sent and signed as written. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Another Host header than the endpoint's own. */
  host?: string;
  /** The query as sent, when it is not the signer's encoding of `query` (empty pairs, a bare `=`, bad escapes). */
  sentQuery?: string;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** S3's error code, when the answer is an error document. */
  code: string;
}

function signer(keys: RawKeys) {
  return new SignatureV4({
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
    region: 'us-east-1',
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
}

function queryText(query: Record<string, string | string[] | null>) {
  return Object.entries(query)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((one) =>
        one === null || one === '' ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(one)}`,
      ),
    )
    .join('&');
}

export async function rawS3(endpoint: string, keys: RawKeys, r: RawRequest): Promise<RawAnswer> {
  const url = new URL(endpoint);
  const body = r.body === undefined ? undefined : Buffer.from(r.body);
  const host = r.host ?? url.host;
  const signed = await signer(keys).sign({
    method: r.method,
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: r.path,
    query: r.query ?? {},
    headers: {
      host,
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...r.headers,
    },
    body,
  });
  const query = r.sentQuery ?? queryText(signed.query as Record<string, string>);
  return send(url, r.method, `${r.path}${query ? `?${query}` : ''}`, signed.headers, body);
}

/** A presigned URL's path and query for the request, signed with the SDK's presigner; the path kept as written. */
export async function presignedPath(endpoint: string, keys: RawKeys, r: RawRequest, expiresIn = 600): Promise<string> {
  const url = new URL(endpoint);
  const signed = await signer(keys).presign(
    {
      method: r.method,
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: r.path,
      query: r.query ?? {},
      // As the SDK's presigner does: a presigned URL's payload is unsigned.
      headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn },
  );
  return `${r.path}?${queryText(signed.query as Record<string, string>)}`;
}

export function send(url: URL, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers, setHost: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        const text = Buffer.concat(parts);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text,
          code: /<Code>([^<]*)<\/Code>/.exec(text.toString())?.[1] ?? '',
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!headers.host) req.setHeader('host', url.host);
    req.end(body);
  });
}
