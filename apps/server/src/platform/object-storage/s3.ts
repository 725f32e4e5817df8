import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type ByteRange, checkKey, type ObjectBody, type ObjectInfo, type ObjectStorage } from './types.ts';

export interface S3Options {
  /** Empty for AWS itself; otherwise the service's address (MinIO, Wasabi, R2, a local server). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket/key paths rather than bucket.host names; most S3-compatible services want it. */
  forcePathStyle: boolean;
}

function missing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');
}

/** Objects in one bucket of an S3-compatible service (docs/decisions/0036). */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where S3 requires them: by default the SDK sends streamed bodies aws-chunked with a
      // trailing checksum, which many S3-compatible services store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, size: number): Promise<ObjectInfo> {
    // S3 stores an object only when the whole declared length arrived, so an early end stores nothing. The
    // SDK pipes the body without watching it for errors: a failing source aborts the request, or it would hang.
    const abort = new AbortController();
    let failure: unknown;
    const onError = (err: unknown) => {
      failure = err;
      abort.abort(err);
    };
    body.once('error', onError);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: checkKey(key), Body: body, ContentLength: size }), {
        abortSignal: abort.signal,
      });
    } catch (err) {
      throw failure ?? err;
    } finally {
      body.off('error', onError);
    }
    return { key, size };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: checkKey(key) }));
      return { key, size: out.ContentLength ?? 0 };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    const info = await this.head(key);
    if (!info) return null;
    const r = range ?? { start: 0, end: info.size - 1 };
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: key,
          ...(range && info.size > 0 ? { Range: `bytes=${r.start}-${r.end}` } : {}),
        }),
      );
      return { body: out.Body as Readable, size: info.size, range: r };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: checkKey(key) }));
  }

  presignPut(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.opts.bucket, Key: checkKey(key) }), {
      expiresIn: expiresInSeconds,
    });
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const found: ObjectInfo[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0 });
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
