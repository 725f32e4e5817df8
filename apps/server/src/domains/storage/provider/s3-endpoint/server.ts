import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSignature } from '../sigv4.ts';
import { readSmallBody } from './body.ts';
import { bucketLocation, deleteObjects, getLockConfiguration, listBuckets, listObjects, putLockConfiguration } from './buckets.ts';
import { answerEmpty, type EndpointAccount, header, type S3Call } from './call.ts';
import { accessDenied, noSuchBucket, notImplemented, S3Error } from './errors.ts';
import { abortUpload, completeUpload, createUpload, listParts, listUploads, uploadPart, uploadPartCopy } from './multipart.ts';
import { targetOf } from './names.ts';
import type { ObjectStore } from './object-store.ts';
import { copyObject, deleteObject, getObject, getRetention, putObject, putRetention } from './objects.ts';
import { escapeXml, parseXml, textOf } from './xml.ts';

/**
 * The embedded S3 endpoint (docs/decisions/0095). Every request is resolved before anything touches storage:
 * its SigV4 signature checked against the account of its access key (header or presigned form, within its
 * time), the one bucket it names taken from its path (the Host header plays no part), its key made canonical,
 * and that bucket, and any bucket a copy names, owned by the signing account. Only the operations below are
 * served; anything else is NotImplemented.
 */
export interface S3EndpointOptions {
  store: ObjectStore;
  /** The account an access key belongs to, or null for a key no account has (any more). */
  accountOfKey(accessKey: string): EndpointAccount | null;
  /** When a bucket was created (ListBuckets). */
  createdAt(bucket: string): string;
  now?: () => Date;
  onError?: (err: unknown) => void;
  /**
   * Lets accounts create and delete their buckets over S3 (Wasabi's stand-in does, as Wasabi does); without
   * it, buckets are made and removed in the portal only.
   */
  bucketsOverS3?: {
    create(account: EndpointAccount, bucket: string, o: { region: string; objectLock: boolean }): Promise<void>;
    remove(account: EndpointAccount, bucket: string): Promise<void>;
  };
}

/** Query parameters that name an S3 subresource or operation; a request naming one not served is refused. */
const SUBRESOURCES = new Set([
  'accelerate',
  'acl',
  'analytics',
  'attributes',
  'cors',
  'delete',
  'encryption',
  'intelligent-tiering',
  'inventory',
  'legal-hold',
  'lifecycle',
  'location',
  'logging',
  'metrics',
  'notification',
  'object-lock',
  'ownershipControls',
  'partNumber',
  'policy',
  'policyStatus',
  'publicAccessBlock',
  'replication',
  'requestPayment',
  'restore',
  'retention',
  'select',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
]);
/** The bodies S3 takes as XML documents are small; 1 MiB holds a thousand-key DeleteObjects. */
const MAX_XML_BYTES = 1024 ** 2;

const portalOnly = () => new S3Error(403, 'AccessDenied', 'Buckets are created and deleted in the portal.');

function queryOf(raw: string): Map<string, string> {
  const query = new Map<string, string>();
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    try {
      query.set(decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq)), eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1)));
    } catch {
      throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
    }
  }
  return query;
}

function refuse(req: IncomingMessage, res: ServerResponse, err: S3Error) {
  if (res.headersSent) return void res.destroy();
  const headers: Record<string, string> = { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase() };
  // A refused upload's body is not read: the connection is not reused for it.
  if (!req.complete) headers.connection = 'close';
  if (req.method === 'HEAD') {
    res.writeHead(err.status, headers);
    return void res.end();
  }
  res.writeHead(err.status, { ...headers, 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${escapeXml(err.message)}</Message><Resource>${escapeXml((req.url ?? '/').split('?')[0] ?? '/')}</Resource></Error>`,
  );
}

export function s3Endpoint(o: S3EndpointOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    serve(o, req, res).catch((err: unknown) => {
      if (!(err instanceof S3Error)) o.onError?.(err);
      refuse(
        req,
        res,
        err instanceof S3Error ? err : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.'),
      );
    });
  };
}

async function serve(o: S3EndpointOptions, req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  const method = req.method ?? 'GET';
  const now = (o.now ?? (() => new Date()))();
  const signature = readSignature({ method, url, headers: req.headers });
  if (!signature) throw new S3Error(403, 'AccessDenied', 'Access Denied: the request is not signed, or its signature is malformed.');
  const account = o.accountOfKey(signature.accessKey);
  if (!account) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!signature.verify(account.secretKey)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  const late = signature.timeProblem(now);
  if (late) throw new S3Error(403, late.code, late.message);

  const at = url.indexOf('?');
  const query = queryOf(at < 0 ? '' : url.slice(at + 1));
  const { bucket, key } = targetOf(at < 0 ? url : url.slice(0, at));
  const call: S3Call = {
    req,
    res,
    store: o.store,
    account,
    bucket,
    key,
    query,
    now,
    chunkSigner: signature.chunkSigner(account.secretKey),
  };
  if (!bucket) {
    if (method !== 'GET') throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    return listBuckets(call, o.createdAt);
  }
  const sub = [...query.keys()].filter((name) => SUBRESOURCES.has(name));
  const only = (...names: string[]) => sub.length === names.length && names.every((n) => sub.includes(n));
  const xml = () => readSmallBody(req, MAX_XML_BYTES);
  const copy = req.headers['x-amz-copy-source'] !== undefined;
  if (!key && method === 'PUT' && only()) {
    if (!o.bucketsOverS3) throw portalOnly();
    return createBucket(call, o.bucketsOverS3, await xml());
  }
  // As S3: another account's bucket is AccessDenied, a bucket no account has is NoSuchBucket.
  if (!account.buckets().includes(bucket)) throw (await o.store.hasBucket(bucket)) ? accessDenied() : noSuchBucket();

  if (!key) {
    if (method === 'GET' && only()) return listObjects(call);
    if (method === 'GET' && only('location')) return bucketLocation(call);
    if (method === 'GET' && only('object-lock')) return getLockConfiguration(call);
    if (method === 'GET' && only('uploads')) return listUploads(call);
    if (method === 'GET' && only('versioning')) return versioning(call);
    if (method === 'HEAD' && only()) return headBucket(call);
    if (method === 'PUT' && only('object-lock')) return putLockConfiguration(call, await xml());
    if (method === 'POST' && only('delete')) return deleteObjects(call, await xml());
    if (method === 'DELETE' && only() && o.bucketsOverS3) return removeBucket(call, o.bucketsOverS3);
    if (method === 'DELETE' && only()) throw portalOnly();
    throw notImplemented();
  }
  if ((method === 'GET' || method === 'HEAD') && only()) return getObject(call, method === 'HEAD');
  if (method === 'GET' && only('retention')) return getRetention(call);
  if (method === 'GET' && only('uploadId')) return listParts(call);
  if (method === 'PUT' && only() && copy) return copyObject(call);
  if (method === 'PUT' && only()) return putObject(call);
  if (method === 'PUT' && only('uploadId', 'partNumber')) return copy ? uploadPartCopy(call) : uploadPart(call);
  if (method === 'PUT' && only('retention')) return putRetention(call, await xml());
  if (method === 'POST' && only('uploads')) return createUpload(call);
  if (method === 'POST' && only('uploadId')) return completeUpload(call, await xml());
  if (method === 'DELETE' && only('uploadId')) return abortUpload(call);
  if (method === 'DELETE' && only()) return deleteObject(call);
  throw notImplemented();
}

async function createBucket(call: S3Call, buckets: NonNullable<S3EndpointOptions['bucketsOverS3']>, body: string) {
  const region = body.trim() ? textOf(parseXml(body, 'CreateBucketConfiguration').LocationConstraint) || 'us-east-1' : 'us-east-1';
  const objectLock = header(call, 'x-amz-bucket-object-lock-enabled').toLowerCase() === 'true';
  await buckets.create(call.account, call.bucket, { region, objectLock });
  answerEmpty(call, 200, { location: `/${call.bucket}` });
}

async function removeBucket(call: S3Call, buckets: NonNullable<S3EndpointOptions['bucketsOverS3']>) {
  if ((await call.store.usage(call.bucket)).length) throw new S3Error(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty');
  await buckets.remove(call.account, call.bucket);
  answerEmpty(call, 204);
}

async function headBucket(call: S3Call) {
  const { region } = await call.store.config(call.bucket);
  call.res.writeHead(200, { 'x-amz-bucket-region': region });
  call.res.end();
}

/** The endpoint keeps no versions: versioning is never enabled, object lock buckets included (the decision says so). */
function versioning(call: S3Call) {
  call.res.writeHead(200, { 'content-type': 'application/xml' });
  call.res.end('<?xml version="1.0" encoding="UTF-8"?>\n<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"/>');
}
