import { answerXml, lockModeOf, quoted, type S3Call } from './call.ts';
import { S3Error } from './errors.ts';
import { checkKey } from './names.ts';
import type { DefaultRetention } from './object-store.ts';
import { escapeXml, listOf, parseXml, S3_NS, textOf } from './xml.ts';

export function listBuckets(call: S3Call, created: (name: string) => string) {
  answerXml(call, 200, 'ListAllMyBucketsResult', {
    Owner: { ID: call.account.id, DisplayName: call.account.label },
    Buckets: { Bucket: [...call.account.buckets()].sort().map((name) => ({ Name: name, CreationDate: created(name) })) },
  });
}

export async function bucketLocation(call: S3Call) {
  const { region } = await call.store.config(call.bucket);
  // S3 names us-east-1 by leaving the constraint empty.
  call.res.writeHead(200, { 'content-type': 'application/xml' });
  call.res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="${S3_NS}">${escapeXml(region === 'us-east-1' ? '' : region)}</LocationConstraint>`,
  );
}

function maxKeysOf(call: S3Call): number {
  const text = call.query.get('max-keys');
  if (text === undefined) return 1000;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n))
    throw new S3Error(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range');
  return Math.min(n, 1000);
}

/** ListObjects (v1) and ListObjectsV2, with prefixes, a delimiter, paging and url encoding. */
export async function listObjects(call: S3Call) {
  const v2 = call.query.get('list-type') === '2';
  if (call.query.has('list-type') && !v2) throw new S3Error(400, 'InvalidArgument', 'Invalid List Type specified');
  const encodingType = call.query.get('encoding-type');
  if (encodingType !== undefined && encodingType !== 'url')
    throw new S3Error(400, 'InvalidArgument', 'Invalid Encoding Method specified in Request');
  const encode = (text: string) => (encodingType ? encodeURIComponent(text).replace(/%2F/g, '/') : text);
  const prefix = call.query.get('prefix') ?? '';
  const delimiter = call.query.get('delimiter') ?? '';
  const maxKeys = maxKeysOf(call);
  const token = call.query.get('continuation-token');
  let after: string;
  if (v2) {
    after = token !== undefined ? Buffer.from(token, 'base64url').toString('utf8') : (call.query.get('start-after') ?? '');
  } else {
    after = call.query.get('marker') ?? '';
  }
  const page = await call.store.list(call.bucket, { prefix, delimiter, after, maxKeys });
  const owner = { ID: call.account.id, DisplayName: call.account.label };
  const contents = page.objects.map((o) => ({
    Key: encode(o.key),
    LastModified: o.lastModified,
    ETag: quoted(o.etag),
    Size: o.size,
    ...(v2 && call.query.get('fetch-owner') !== 'true' ? {} : { Owner: owner }),
    StorageClass: 'STANDARD',
  }));
  const common = {
    Name: call.bucket,
    Prefix: encode(prefix),
    MaxKeys: maxKeys,
    Delimiter: delimiter ? encode(delimiter) : undefined,
    EncodingType: encodingType,
    IsTruncated: page.truncated,
    Contents: contents,
    CommonPrefixes: page.prefixes.map((p) => ({ Prefix: encode(p) })),
  };
  if (v2) {
    answerXml(call, 200, 'ListBucketResult', {
      ...common,
      KeyCount: page.objects.length + page.prefixes.length,
      ContinuationToken: token,
      NextContinuationToken: page.truncated ? Buffer.from(page.last, 'utf8').toString('base64url') : undefined,
      StartAfter: call.query.has('start-after') ? encode(call.query.get('start-after') ?? '') : undefined,
    });
  } else {
    answerXml(call, 200, 'ListBucketResult', {
      ...common,
      Marker: encode(after),
      NextMarker: page.truncated ? encode(page.last) : undefined,
    });
  }
}

/** DeleteObjects: each key by the rules of DeleteObject; a key under retention is an error for that key alone. */
export async function deleteObjects(call: S3Call, body: string) {
  const doc = parseXml(body, 'Delete');
  const quiet = textOf(doc.Quiet) === 'true';
  const objects = listOf(doc.Object);
  if (!objects.length || objects.length > 1000) {
    throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
  }
  const deleted: { Key: string }[] = [];
  const errors: { Key: string; Code: string; Message: string }[] = [];
  for (const o of objects) {
    const key = textOf(o.Key);
    try {
      await call.store.delete(call.bucket, checkKey(key), call.now);
      if (!quiet) deleted.push({ Key: key });
    } catch (err) {
      if (!(err instanceof S3Error)) throw err;
      errors.push({ Key: key, Code: err.code, Message: err.message });
    }
  }
  answerXml(call, 200, 'DeleteResult', { Deleted: deleted, Error: errors });
}

export async function getLockConfiguration(call: S3Call) {
  const config = await call.store.config(call.bucket);
  if (!config.objectLock)
    throw new S3Error(404, 'ObjectLockConfigurationNotFoundError', 'Object Lock configuration does not exist for this bucket');
  const rule = config.defaultRetention;
  answerXml(call, 200, 'ObjectLockConfiguration', {
    ObjectLockEnabled: 'Enabled',
    Rule: rule ? { DefaultRetention: { Mode: rule.mode, Days: rule.days, Years: rule.years } } : undefined,
  });
}

/** Sets or clears the bucket's default retention; object lock itself can be neither turned on here nor off. */
export async function putLockConfiguration(call: S3Call, body: string) {
  const config = await call.store.config(call.bucket);
  if (!config.objectLock) throw new S3Error(409, 'InvalidBucketState', 'Object Lock configuration cannot be enabled on existing buckets');
  const doc = parseXml(body, 'ObjectLockConfiguration');
  if (textOf(doc.ObjectLockEnabled) !== 'Enabled') {
    throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
  }
  let rule: DefaultRetention | undefined;
  if (doc.Rule !== undefined) {
    const retention = (doc.Rule as Record<string, unknown> | undefined)?.DefaultRetention as Record<string, unknown> | undefined;
    if (!retention || typeof retention !== 'object')
      throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    const days = textOf(retention.Days);
    const years = textOf(retention.Years);
    const period = Number(days || years);
    if (!!days === !!years || !Number.isInteger(period) || period < 1 || period > (days ? 36_500 : 100)) {
      throw new S3Error(400, 'InvalidArgument', 'Default retention period must be a positive integer value of days or years, not both.');
    }
    rule = { mode: lockModeOf(textOf(retention.Mode)), ...(days ? { days: period } : { years: period }) };
  }
  await call.store.setDefaultRetention(call.bucket, rule);
  call.res.writeHead(200);
  call.res.end();
}
