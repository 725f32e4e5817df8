import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import type { ChunkSigner } from './body.ts';
import { S3Error } from './errors.ts';
import type { DefaultRetention, LockMode, ObjectRecord, ObjectStore, Retention } from './object-store.ts';
import { document } from './xml.ts';

/** One S3 request, resolved: the signing account, the one bucket and key it names, and how to answer. */
export interface EndpointAccount {
  /** The provider's account id, shown as the owner of what it lists. */
  id: string;
  label: string;
  secretKey: string;
  /** The buckets the account owns, by name. */
  buckets(): string[];
}

export interface S3Call {
  req: IncomingMessage;
  res: ServerResponse;
  store: ObjectStore;
  account: EndpointAccount;
  bucket: string;
  key: string;
  query: Map<string, string>;
  now: Date;
  chunkSigner: ChunkSigner;
}

/** The largest object a single PUT or part may carry, as at S3: 5 GiB. */
export const MAX_PUT_BYTES = 5 * 1024 ** 3;

export function header(call: S3Call, name: string): string {
  const v = call.req.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

export function answerXml(
  call: S3Call,
  status: number,
  root: string,
  body: Parameters<typeof document>[1],
  headers: Record<string, string> = {},
) {
  call.res.writeHead(status, { 'content-type': 'application/xml', ...headers });
  call.res.end(document(root, body));
}

export function answerEmpty(call: S3Call, status: number, headers: Record<string, string> = {}) {
  call.res.writeHead(status, headers);
  call.res.end();
}

export const quoted = (etag: string) => `"${etag}"`;
export const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');
export const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** Runs `work` with a fresh incoming file and removes the file if it was not moved in. */
export async function withIncoming<T>(call: S3Call, work: (file: string) => Promise<T>): Promise<T> {
  const file = call.store.incomingFile();
  try {
    return await work(file);
  } finally {
    await rm(file, { force: true });
  }
}

/** The headers S3 stores with an object and answers with it. */
const STORED = ['content-type', 'content-encoding', 'content-disposition', 'content-language', 'cache-control', 'expires'];

export function storedHeaders(call: S3Call): Record<string, string> {
  const kept: Record<string, string> = { 'content-type': 'binary/octet-stream' };
  for (const [name, value] of Object.entries(call.req.headers)) {
    if (value === undefined) continue;
    if (STORED.includes(name) || name.startsWith('x-amz-meta-')) kept[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return kept;
}

export function objectHeaders(record: ObjectRecord): Record<string, string> {
  return {
    ...record.headers,
    etag: quoted(record.etag),
    'last-modified': new Date(record.lastModified).toUTCString(),
    'accept-ranges': 'bytes',
    ...(record.retention
      ? { 'x-amz-object-lock-mode': record.retention.mode, 'x-amz-object-lock-retain-until-date': record.retention.until }
      : {}),
  };
}

export function lockModeOf(text: string): LockMode {
  if (text === 'COMPLIANCE' || text === 'GOVERNANCE') return text;
  throw new S3Error(400, 'InvalidArgument', 'Unknown wormMode directive.');
}

export function futureDate(text: string, now: Date): string {
  const until = new Date(text);
  if (Number.isNaN(until.getTime())) throw new S3Error(400, 'InvalidArgument', 'The retain until date is not valid.');
  if (until.getTime() <= now.getTime()) throw new S3Error(400, 'InvalidArgument', 'The retain until date must be in the future!');
  return until.toISOString();
}

function untilOf(rule: DefaultRetention, now: Date): string {
  const until = new Date(now);
  if (rule.years) until.setUTCFullYear(until.getUTCFullYear() + rule.years);
  else until.setUTCDate(until.getUTCDate() + (rule.days ?? 0));
  return until.toISOString();
}

/**
 * The retention a new object gets: the one its request names (x-amz-object-lock-mode and
 * -retain-until-date, both or neither), else the bucket's default retention, else none. Only an object lock
 * bucket takes either.
 */
export async function retentionOfNew(call: S3Call): Promise<Retention | undefined> {
  const mode = header(call, 'x-amz-object-lock-mode');
  const until = header(call, 'x-amz-object-lock-retain-until-date');
  const hold = header(call, 'x-amz-object-lock-legal-hold');
  const config = await call.store.config(call.bucket);
  if ((mode || until || hold) && !config.objectLock) {
    throw new S3Error(400, 'InvalidRequest', 'Bucket is missing Object Lock Configuration');
  }
  if (hold && hold !== 'OFF') throw new S3Error(501, 'NotImplemented', 'Legal holds are not available on this endpoint.');
  if (!!mode !== !!until) {
    throw new S3Error(400, 'InvalidArgument', 'x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied');
  }
  if (mode) return { mode: lockModeOf(mode), until: futureDate(until, call.now) };
  const rule = config.defaultRetention;
  return rule ? { mode: rule.mode, until: untilOf(rule, call.now) } : undefined;
}
