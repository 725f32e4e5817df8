import { S3Error } from './errors.ts';

/**
 * Bucket names and object keys as the embedded S3 endpoint accepts them (docs/decisions/0095). A request is
 * resolved to one bucket and one key here, before anything reads or writes storage: the bucket comes from the
 * path's first segment only, the key from the rest, each decoded once and checked. Objects are stored under
 * a digest of their key, never under the key itself, so a key cannot name a file; the rules below keep keys
 * canonical all the same, so that no spelling of a key means anything but itself.
 */

/** S3's bucket naming rules: 3 to 63 characters, lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** S3's limit on a key, in bytes of UTF-8. */
export const MAX_KEY_BYTES = 1024;

export function isBucketName(name: string): boolean {
  return BUCKET_NAME.test(name) && !name.includes('..');
}

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** A key as stored: decoded, at most 1,024 bytes, no `.` or `..` segment, no backslash and no control character. */
export function checkKey(key: string): string {
  if (key === '') throw new S3Error(400, 'InvalidArgument', 'The object key is empty.');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
  if ([...key].some((c) => c < ' ' || c === '\u007f' || c === '\\')) {
    throw new S3Error(400, 'InvalidArgument', 'Object keys cannot contain a backslash or a control character.');
  }
  if (key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new S3Error(400, 'InvalidArgument', "Object keys cannot contain a '.' or '..' segment.");
  }
  return key;
}

function checkBucket(name: string): string {
  if (!isBucketName(name)) throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.');
  return name;
}

export interface Target {
  /** Empty for the service itself (ListBuckets). */
  bucket: string;
  /** Empty for the bucket itself. */
  key: string;
}

/**
 * The bucket and key a request's raw path names. The path is split on its literal slashes before decoding, so
 * an encoded slash (`%2F`) in the first segment cannot move the bucket; the key is the rest, decoded once.
 */
export function targetOf(rawPath: string): Target {
  if (!rawPath.startsWith('/')) throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  const rest = rawPath.slice(1);
  const slash = rest.indexOf('/');
  const rawBucket = slash < 0 ? rest : rest.slice(0, slash);
  const rawKey = slash < 0 ? '' : rest.slice(slash + 1);
  if (rawBucket === '') {
    if (rawKey !== '') throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
    return { bucket: '', key: '' };
  }
  const bucket = checkBucket(decodeOnce(rawBucket));
  return { bucket, key: rawKey === '' ? '' : checkKey(decodeOnce(rawKey)) };
}

/**
 * The object an `x-amz-copy-source` header names (`bucket/key` or `/bucket/key`, URL-encoded, with an optional
 * `?versionId=`), by the same rules as a request's own path. The endpoint keeps no versions: a version id
 * other than `null` names nothing.
 */
export function copySourceOf(header: string): Target {
  const at = header.indexOf('?');
  const path = at < 0 ? header : header.slice(0, at);
  if (at >= 0) {
    const version = new URLSearchParams(header.slice(at + 1)).get('versionId');
    if (version !== null && version !== 'null') throw new S3Error(404, 'NoSuchVersion', 'The specified version does not exist.');
  }
  const target = targetOf(path.startsWith('/') ? path : `/${path}`);
  if (!target.bucket || !target.key)
    throw new S3Error(400, 'InvalidArgument', 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey');
  return target;
}
