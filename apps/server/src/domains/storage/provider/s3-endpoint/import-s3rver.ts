import { copyFile, lstat, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { S3Error } from './errors.ts';
import { checkKey } from './names.ts';
import type { ObjectStore } from './object-store.ts';

const OBJECT_SUFFIX = '._S3rver_object';

/**
 * Earlier versions kept the embedded endpoint's objects in s3rver's layout (`objects/<bucket>/<key>._S3rver_object`
 * with a metadata file beside it). At the first start of this version, the objects of the buckets the provider's
 * books list move into the store, keys checked as any request's are (a key no request could now name is left
 * behind), and the old folder is renamed so it is imported once; nothing is deleted.
 */
export async function importS3rverFolder(
  directory: string,
  store: ObjectStore,
  buckets: Map<string, { region: string; objectLock: boolean; createdAt: string }>,
): Promise<void> {
  const legacy = path.join(directory, 'objects');
  if (!(await lstat(legacy).catch(() => null))?.isDirectory()) return;
  for (const [name, bucket] of buckets) {
    if (await store.hasBucket(name)) continue;
    await store.createBucket(name, bucket);
    const folder = path.join(legacy, name);
    if (!(await lstat(folder).catch(() => null))?.isDirectory()) continue;
    for (const file of await filesUnder(folder)) {
      if (!file.endsWith(OBJECT_SUFFIX)) continue;
      const key = path.relative(folder, file).slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/');
      try {
        checkKey(key);
      } catch (err) {
        if (err instanceof S3Error) continue;
        throw err;
      }
      const meta = JSON.parse(await readFile(file.replace(/object$/, 'metadata.json'), 'utf8').catch(() => '{}')) as Record<string, string>;
      const headers = Object.fromEntries(Object.entries(meta).filter(([k]) => k === 'content-type' || k.startsWith('x-amz-meta-')));
      const incoming = store.incomingFile();
      await copyFile(file, incoming);
      const md5 = createHash('md5');
      let size = 0;
      for await (const data of createReadStream(incoming)) {
        md5.update(data as Buffer);
        size += (data as Buffer).length;
      }
      await store.put(name, key, incoming, { size, etag: md5.digest('hex'), headers }, new Date());
    }
  }
  await rename(legacy, path.join(directory, `objects-imported-${Date.now()}`));
}

/** Regular files under a folder; links are not followed. */
async function filesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}
