import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { noSuchBucket, noSuchKey, noSuchUpload, protectedByLock, S3Error } from './errors.ts';
import { isBucketName } from './names.ts';

/**
 * The embedded endpoint's objects on disk (docs/decisions/0095). A bucket is a folder named after the bucket
 * (a checked S3 bucket name); an object is a data file and a record, both named after the SHA-256 of its key,
 * so no key, however spelt, names a file. Every path this module builds is checked to lie inside its folder
 * before use. Records are kept in memory per bucket once read; only this process writes the folder.
 *
 * Object lock follows S3's compliance mode without versions: an object under retention cannot be deleted,
 * and a write onto its key (put, copy, completed multipart upload) is refused, until its retention ends.
 * The check and the write take turns per key, so two writers cannot both see a free key.
 */
export type LockMode = 'COMPLIANCE' | 'GOVERNANCE';

export interface Retention {
  mode: LockMode;
  /** ISO time the retention ends. */
  until: string;
}

export interface DefaultRetention {
  mode: LockMode;
  days?: number;
  years?: number;
}

export interface BucketConfig {
  region: string;
  objectLock: boolean;
  createdAt: string;
  defaultRetention?: DefaultRetention;
}

export interface ObjectRecord {
  key: string;
  size: number;
  /** S3's ETag without quotes: the MD5 of the bytes, or of the parts' MD5s with `-<parts>` for a multipart upload. */
  etag: string;
  lastModified: string;
  /** The data file in the bucket's folder. */
  data: string;
  /** Content-Type and the other stored headers, and the user's `x-amz-meta-*`. */
  headers: Record<string, string>;
  retention?: Retention;
}

export interface NewObject {
  size: number;
  etag: string;
  headers: Record<string, string>;
  retention?: Retention;
}

export interface UploadRecord {
  bucket: string;
  key: string;
  initiated: string;
  headers: Record<string, string>;
  retention?: Retention;
}

export interface PartRecord {
  partNumber: number;
  size: number;
  etag: string;
  lastModified: string;
}

export interface ListOptions {
  prefix: string;
  delimiter: string;
  /** List keys after this one (a marker, start-after or continuation). */
  after: string;
  maxKeys: number;
}

export interface Listing {
  objects: ObjectRecord[];
  prefixes: string[];
  truncated: boolean;
  /** The last key or common prefix listed: where the next page starts. */
  last: string;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const digestOf = (key: string) => createHash('sha256').update(key).digest('hex');
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The path of `name` in `folder`, proven to lie inside it. */
export function inside(folder: string, ...names: string[]): string {
  const base = path.resolve(folder);
  const full = path.resolve(base, ...names);
  if (!full.startsWith(base + path.sep)) throw new S3Error(500, 'InternalError', 'A storage path left its folder.');
  return full;
}

export function retainedAt(record: { retention?: Retention } | undefined, now: Date): boolean {
  return !!record?.retention && new Date(record.retention.until).getTime() > now.getTime();
}

export class ObjectStore {
  private readonly buckets = new Map<string, { config: BucketConfig; objects: Promise<Map<string, ObjectRecord>> }>();
  private readonly turns = new Map<string, Promise<void>>();

  constructor(private readonly root: string) {}

  async prepare(): Promise<void> {
    await mkdir(path.join(this.root, 'buckets'), { recursive: true });
    await mkdir(path.join(this.root, 'uploads'), { recursive: true });
    await rm(path.join(this.root, 'incoming'), { recursive: true, force: true });
    await mkdir(path.join(this.root, 'incoming'), { recursive: true });
  }

  private folderOf(bucket: string) {
    if (!isBucketName(bucket)) throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.');
    return inside(path.join(this.root, 'buckets'), bucket);
  }

  /** A fresh file for an incoming body, on the same file system as the buckets so it can be moved in. */
  incomingFile(): string {
    return inside(path.join(this.root, 'incoming'), randomBytes(16).toString('hex'));
  }

  async createBucket(name: string, config: BucketConfig): Promise<void> {
    const folder = this.folderOf(name);
    try {
      await mkdir(folder);
    } catch {
      throw new S3Error(409, 'BucketAlreadyExists', 'The requested bucket name is not available.');
    }
    await this.writeJson(inside(folder, 'bucket.json'), config);
    this.buckets.set(name, { config, objects: Promise.resolve(new Map()) });
  }

  async deleteBucket(name: string): Promise<void> {
    const folder = this.folderOf(name);
    this.buckets.delete(name);
    await rm(folder, { recursive: true, force: true });
    for (const [id, upload] of await this.uploads()) if (upload.bucket === name) await this.abortUpload(id);
  }

  async hasBucket(name: string): Promise<boolean> {
    return !!(await this.bucket(name));
  }

  private async bucket(name: string) {
    const known = this.buckets.get(name);
    if (known) return known;
    const folder = this.folderOf(name);
    let config: BucketConfig;
    try {
      config = JSON.parse(await readFile(inside(folder, 'bucket.json'), 'utf8')) as BucketConfig;
    } catch {
      return null;
    }
    const entry = { config, objects: this.readRecords(folder) };
    this.buckets.set(name, entry);
    return entry;
  }

  private async readRecords(folder: string) {
    const objects = new Map<string, ObjectRecord>();
    for (const name of await readdir(folder)) {
      if (!/^[0-9a-f]{64}\.json$/.test(name)) continue;
      const record = JSON.parse(await readFile(inside(folder, name), 'utf8')) as ObjectRecord;
      objects.set(record.key, record);
    }
    return objects;
  }

  async config(bucket: string): Promise<BucketConfig> {
    const entry = await this.bucket(bucket);
    if (!entry) throw noSuchBucket();
    return entry.config;
  }

  async setDefaultRetention(bucket: string, rule: DefaultRetention | undefined): Promise<void> {
    const entry = await this.bucket(bucket);
    if (!entry) throw noSuchBucket();
    entry.config = { ...entry.config, defaultRetention: rule };
    await this.writeJson(inside(this.folderOf(bucket), 'bucket.json'), entry.config);
  }

  private async objects(bucket: string) {
    const entry = await this.bucket(bucket);
    if (!entry) throw noSuchBucket();
    return entry.objects;
  }

  async head(bucket: string, key: string): Promise<ObjectRecord | undefined> {
    return (await this.objects(bucket)).get(key);
  }

  /**
   * The object and its data file, opened: a write that replaces the object meanwhile removes the old file,
   * which an open handle still reads; one replaced between the lookup and the opening is looked up again.
   */
  async openObject(bucket: string, key: string): Promise<{ record: ObjectRecord; file: FileHandle }> {
    const folder = this.folderOf(bucket);
    for (;;) {
      const record = await this.head(bucket, key);
      if (!record) throw noSuchKey();
      try {
        return { record, file: await open(inside(folder, record.data)) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }

  /** Each write or delete of one key waits for the one before it, so a check and its write see the same object. */
  private async inTurn<T>(bucket: string, key: string, work: () => Promise<T>): Promise<T> {
    const id = `${bucket}\u0000${key}`;
    const before = this.turns.get(id) ?? Promise.resolve();
    let done = () => {};
    const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)));
    this.turns.set(id, mine);
    await before;
    try {
      return await work();
    } finally {
      done();
      if (this.turns.get(id) === mine) this.turns.delete(id);
    }
  }

  /**
   * Moves `file` in as the object `key`. Refused while the object there is under retention; the caller
   * removes `file` on a refusal.
   */
  async put(bucket: string, key: string, file: string, object: NewObject, now: Date): Promise<ObjectRecord> {
    const folder = this.folderOf(bucket);
    const objects = await this.objects(bucket);
    return this.inTurn(bucket, key, async () => {
      const before = objects.get(key);
      if (retainedAt(before, now)) throw protectedByLock();
      const digest = digestOf(key);
      const record: ObjectRecord = {
        key,
        size: object.size,
        etag: object.etag,
        lastModified: now.toISOString(),
        data: `${digest}.${randomBytes(6).toString('hex')}.data`,
        headers: object.headers,
        ...(object.retention ? { retention: object.retention } : {}),
      };
      await rename(file, inside(folder, record.data));
      await this.writeJson(inside(folder, `${digest}.json`), record);
      objects.set(key, record);
      if (before) await rm(inside(folder, before.data), { force: true });
      return record;
    });
  }

  /** Deletes the object; refused while it is under retention. A key with no object is not an error (as S3). */
  async delete(bucket: string, key: string, now: Date): Promise<void> {
    const folder = this.folderOf(bucket);
    const objects = await this.objects(bucket);
    await this.inTurn(bucket, key, async () => {
      const before = objects.get(key);
      if (!before) return;
      if (retainedAt(before, now)) throw protectedByLock();
      await rm(inside(folder, `${digestOf(key)}.json`), { force: true });
      objects.delete(key);
      await rm(inside(folder, before.data), { force: true });
    });
  }

  /** Sets an object's retention; compliance mode only ever lengthens it. */
  async retain(bucket: string, key: string, retention: Retention, now: Date): Promise<void> {
    const folder = this.folderOf(bucket);
    const objects = await this.objects(bucket);
    await this.inTurn(bucket, key, async () => {
      const before = objects.get(key);
      if (!before) throw noSuchKey();
      if (retainedAt(before, now) && before.retention && new Date(retention.until) < new Date(before.retention.until)) {
        throw protectedByLock();
      }
      const record = { ...before, retention };
      await this.writeJson(inside(folder, `${digestOf(key)}.json`), record);
      objects.set(key, record);
    });
  }

  async list(bucket: string, o: ListOptions): Promise<Listing> {
    const objects = await this.objects(bucket);
    const keys = [...objects.keys()].filter((k) => k.startsWith(o.prefix) && byteOrder(k, o.after) > 0).sort(byteOrder);
    const listing: Listing = { objects: [], prefixes: [], truncated: false, last: '' };
    // Resuming after a common prefix skips every key under it, which the earlier page rolled up.
    let rolledUp = o.delimiter && o.after.startsWith(o.prefix) && o.after.slice(o.prefix.length).includes(o.delimiter) ? o.after : null;
    for (const key of keys) {
      if (rolledUp && key.startsWith(rolledUp)) continue;
      const at = o.delimiter ? key.indexOf(o.delimiter, o.prefix.length) : -1;
      if (listing.objects.length + listing.prefixes.length >= o.maxKeys) {
        listing.truncated = true;
        break;
      }
      if (at >= 0) {
        rolledUp = key.slice(0, at + o.delimiter.length);
        listing.prefixes.push(rolledUp);
        listing.last = rolledUp;
        continue;
      }
      const record = objects.get(key);
      if (record) listing.objects.push(record);
      listing.last = key;
    }
    return listing;
  }

  async usage(bucket: string): Promise<ObjectRecord[]> {
    return [...(await this.objects(bucket)).values()];
  }

  // Multipart uploads: a folder per upload, named by its random id, with the upload's record and its parts.

  private uploadFolder(id: string) {
    if (!UPLOAD_ID.test(id)) throw noSuchUpload();
    return inside(path.join(this.root, 'uploads'), id);
  }

  async createUpload(upload: UploadRecord): Promise<string> {
    const id = randomBytes(16).toString('hex');
    const folder = this.uploadFolder(id);
    await mkdir(folder);
    await this.writeJson(inside(folder, 'upload.json'), upload);
    return id;
  }

  /** The upload `id` of `key` in `bucket`; any other upload, or none, is NoSuchUpload. */
  async upload(id: string, bucket: string, key: string): Promise<UploadRecord> {
    let upload: UploadRecord;
    try {
      upload = JSON.parse(await readFile(inside(this.uploadFolder(id), 'upload.json'), 'utf8')) as UploadRecord;
    } catch {
      throw noSuchUpload();
    }
    if (upload.bucket !== bucket || upload.key !== key) throw noSuchUpload();
    return upload;
  }

  async uploads(): Promise<Map<string, UploadRecord>> {
    const found = new Map<string, UploadRecord>();
    for (const id of await readdir(path.join(this.root, 'uploads'))) {
      if (!UPLOAD_ID.test(id)) continue;
      try {
        found.set(id, JSON.parse(await readFile(inside(this.uploadFolder(id), 'upload.json'), 'utf8')) as UploadRecord);
      } catch {
        // An upload completed or aborted while it was listed.
      }
    }
    return found;
  }

  async putPart(id: string, part: Omit<PartRecord, 'lastModified'>, file: string, now: Date): Promise<PartRecord> {
    const folder = this.uploadFolder(id);
    const record = { ...part, lastModified: now.toISOString() };
    await rename(file, inside(folder, `${part.partNumber}.data`));
    await this.writeJson(inside(folder, `${part.partNumber}.json`), record);
    return record;
  }

  async parts(id: string): Promise<PartRecord[]> {
    const folder = this.uploadFolder(id);
    const parts: PartRecord[] = [];
    for (const name of await readdir(folder)) {
      if (!/^\d+\.json$/.test(name)) continue;
      parts.push(JSON.parse(await readFile(inside(folder, name), 'utf8')) as PartRecord);
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /** The chosen parts joined into an incoming file (the caller moves it in with put). */
  async joinParts(id: string, parts: PartRecord[], file: string): Promise<void> {
    const folder = this.uploadFolder(id);
    const out = await open(file, 'wx');
    try {
      for (const part of parts) {
        for await (const data of createReadStream(inside(folder, `${part.partNumber}.data`))) await out.write(data as Buffer);
      }
    } finally {
      await out.close();
    }
  }

  async abortUpload(id: string): Promise<void> {
    await rm(this.uploadFolder(id), { recursive: true, force: true });
  }

  /** Written whole or not at all: a reader never sees half a record. */
  private async writeJson(file: string, value: unknown) {
    const next = `${file}.${randomBytes(4).toString('hex')}.next`;
    await writeFile(next, JSON.stringify(value));
    await rename(next, file);
  }
}
