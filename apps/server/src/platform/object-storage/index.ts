import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { LocalObjectStorage } from './local.ts';
import { S3ObjectStorage } from './s3.ts';
import type { ObjectStorage } from './types.ts';

export { installLocalUploadRoute } from './local-route.ts';
export { LocalObjectStorage } from './local.ts';
export { S3ObjectStorage } from './s3.ts';
export * from './types.ts';

const made = new WeakMap<Config, ObjectStorage>();

/**
 * The configured object storage: S3 when OBJECT_STORAGE=s3, otherwise a folder under DATA_DIR. One per
 * configuration, so the upload route and the calls of one app share it (and its clock).
 */
export function objectStorageFor(config: Config, clock: Clock): ObjectStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = makeStorage(config, clock);
    made.set(config, storage);
  }
  return storage;
}

function makeStorage(config: Config, clock: Clock): ObjectStorage {
  if (config.OBJECT_STORAGE === 's3') {
    return new S3ObjectStorage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalObjectStorage({
    root: config.OBJECT_STORAGE_DIR || path.join(config.DATA_DIR, 'object-storage'),
    publicUrl: config.PUBLIC_URL,
    secret: config.APP_SECRET,
    clock,
  });
}

/** The origins a browser uploads to besides the portal, for the page's connect-src. */
export function objectStorageOrigins(config: Config): string[] {
  return config.OBJECT_STORAGE === 's3' && config.S3_ENDPOINT ? [new URL(config.S3_ENDPOINT).origin] : [];
}
