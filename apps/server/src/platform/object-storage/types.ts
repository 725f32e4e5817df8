import type { Readable } from 'node:stream';

/** A byte range of an object, both ends inclusive, as HTTP Range speaks of it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
}

export interface ObjectBody {
  body: Readable;
  /** The whole object's size, whatever range was asked for. */
  size: number;
  /** The bytes the body holds: the range asked for, or the whole object. */
  range: ByteRange;
}

/**
 * Where large files live (installers today; ticket attachments later): a local folder by default, any
 * S3-compatible service when configured (docs/decisions/0036). Keys are slash-separated paths of
 * [A-Za-z0-9._-] segments; every body is streamed, never held in memory whole.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the body under the key once all `size` bytes have arrived; a body that ends early or runs
   * over stores nothing and rejects (an interrupted upload leaves no object).
   */
  put(key: string, body: Readable, size: number): Promise<ObjectInfo>;
  /** The object, or the asked range of it; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** A URL a browser can PUT the object's bytes to, without a session, until it expires. */
  presignPut(key: string, expiresInSeconds: number): Promise<string>;
  /** Every object whose key starts with the prefix, by key. */
  list(prefix: string): Promise<ObjectInfo[]>;
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Keys come from our own code, but a key that could climb out of the folder is refused everywhere. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..') || key.length > 512) {
    throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Parses one `bytes=a-b`, `bytes=a-` or `bytes=-n` range against a size; null when absent, 'unsatisfiable' when outside it. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges at once (multipart/byteranges) are answered whole, as RFC 9110 allows.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
