import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock.ts';
import { type ByteRange, checkKey, type ObjectBody, type ObjectInfo, type ObjectStorage } from './types.ts';

/** Where the local folder's presigned PUT URLs point: a portal route that checks the signature (local-route.ts). */
export const LOCAL_UPLOAD_PATH = '/object-storage/upload';

/** Counts the bytes going through and fails once more than `size` arrive, so an oversized body is not stored. */
function sizeGuard(size: number) {
  let seen = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > size) done(new Error(`body longer than ${size} bytes`));
      else done(null, chunk);
    },
  });
  return { guard, seen: () => seen };
}

export interface LocalOptions {
  root: string;
  /** The portal's own address, for presigned URLs. */
  publicUrl: string;
  secret: string;
  clock: Clock;
}

/**
 * Objects as files under a folder. A body is written to a temporary name in `.partial/` and renamed into
 * place only when complete, so a reader never sees half a file and an interrupted upload leaves none.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  constructor(private readonly opts: LocalOptions) {}

  private file(key: string) {
    return path.join(this.opts.root, 'objects', checkKey(key));
  }

  async put(key: string, body: Readable, size: number): Promise<ObjectInfo> {
    const target = this.file(key);
    const partialDir = path.join(this.opts.root, '.partial');
    await mkdir(partialDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const partial = path.join(partialDir, randomUUID());
    const { guard, seen } = sizeGuard(size);
    try {
      await pipeline(body, guard, createWriteStream(partial));
      if (seen() !== size) throw new Error(`body ended after ${seen()} of ${size} bytes`);
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { key, size };
  }

  /** A growing file of a resumable upload, in `.resumable/`, which readers of objects never see. */
  private growing(name: string) {
    if (!/^[0-9a-f]{32}$/.test(name)) throw new Error(`invalid upload name: ${JSON.stringify(name)}`);
    return path.join(this.opts.root, '.resumable', name);
  }

  /** The bytes a resumable upload holds so far, or null when there is none. */
  async growingSize(name: string): Promise<number | null> {
    try {
      return (await stat(this.growing(name))).size;
    } catch {
      return null;
    }
  }

  /**
   * Appends to a resumable upload's file, which must hold exactly `offset` bytes: unlike `put`, what arrived of
   * a broken body stays, so the upload resumes from its last byte. Answers the new size.
   */
  async appendGrowing(name: string, body: Readable, offset: number): Promise<number> {
    const file = this.growing(name);
    await mkdir(path.dirname(file), { recursive: true });
    const size = (await this.growingSize(name)) ?? 0;
    if (size !== offset) {
      body.resume();
      throw new Error(`upload holds ${size} bytes, not ${offset}`);
    }
    try {
      await pipeline(body, createWriteStream(file, { flags: size === 0 ? 'w' : 'r+', start: size }));
    } catch {
      // A broken body keeps what it wrote: the size on disk is the answer either way.
    }
    return (await this.growingSize(name)) ?? 0;
  }

  /** The resumable upload's bytes so far, to hash them before they become an object. */
  readGrowing(name: string): Readable {
    return createReadStream(this.growing(name), { highWaterMark: 4 << 20 });
  }

  /** The complete upload becomes the object under `key` by a rename: no byte is copied. */
  async commitGrowing(name: string, key: string): Promise<ObjectInfo> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const size = (await this.growingSize(name)) ?? 0;
    await rename(this.growing(name), target);
    return { key, size };
  }

  async deleteGrowing(name: string): Promise<void> {
    await rm(this.growing(name), { force: true });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.file(key));
      return s.isFile() ? { key, size: s.size } : null;
    } catch {
      return null;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    const info = await this.head(key);
    if (!info) return null;
    const r = range ?? { start: 0, end: info.size - 1 };
    // An empty object has no bytes to read: an empty stream rather than createReadStream's whole-file default.
    const body = createReadStream(
      this.file(key),
      info.size === 0 ? { start: 1, end: 0 } : { start: r.start, end: r.end, highWaterMark: 4 << 20 },
    );
    return { body, size: info.size, range: r };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async presignPut(key: string, expiresInSeconds: number): Promise<string> {
    const expires = Math.floor(this.opts.clock.now().getTime() / 1000) + expiresInSeconds;
    const url = new URL(LOCAL_UPLOAD_PATH, this.opts.publicUrl);
    url.searchParams.set('key', checkKey(key));
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', this.sign(key, expires));
    return url.toString();
  }

  private sign(key: string, expires: number) {
    return createHmac('sha256', this.opts.secret).update(`object-storage PUT\n${key}\n${expires}`).digest('hex');
  }

  /** Whether a presigned URL's key, expiry and signature belong together and it has not expired. */
  verifyPut(key: string, expires: string, signature: string): boolean {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    try {
      checkKey(key);
    } catch {
      return false;
    }
    if (Number(expires) * 1000 < this.opts.clock.now().getTime()) return false;
    return timingSafeEqual(Buffer.from(this.sign(key, Number(expires)), 'hex'), Buffer.from(signature, 'hex'));
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const root = path.join(this.opts.root, 'objects');
    const found: ObjectInfo[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.isFile()) {
          const key = path.relative(root, full).split(path.sep).join('/');
          if (key.startsWith(prefix)) found.push({ key, size: (await stat(full)).size });
        }
      }
    };
    // From the prefix's deepest folder, not the root: a resumable upload lists its parts on every request.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    await walk(folder && !folder.split('/').some((p) => p === '..' || p === '.') ? path.join(root, folder) : root);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
