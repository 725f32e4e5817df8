import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { text } from 'node:stream/consumers';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { LocalObjectStorage } from './local.ts';
import type { ObjectStorage } from './types.ts';

/** tus upload ids as @tus/server names them (16 random bytes, hex); anything else is no upload of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART = /\/part-(\d{15})-(\d{15})$/;
const INFO = /\/([0-9a-f]{32})\/info\.json$/;
/** Running hashes kept at most: an upload abandoned half way leaves one behind until its removal. */
const MAX_RUNNING_HASHES = 1000;

interface StoredInfo {
  id: string;
  size: number;
  metadata: Record<string, string | null>;
  creation_date?: string;
}

/**
 * Counts a part's bytes on the way to storage and fails the stream unless exactly `length` arrive. @tus/server
 * ends the body quietly when the client goes away; without this an S3 put would wait for the missing bytes.
 */
function exactly(length: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > length) done(new Error(`part longer than ${length} bytes`));
      else done(null, chunk);
    },
    flush(done) {
      done(seen === length ? null : new Error(`part ended after ${seen} of ${length} bytes`));
    },
  });
}

/**
 * A tus DataStore over the portal's object storage (local folder or S3, docs/decisions/0043). The upload's
 * own facts live in `<prefix>/<id>/info.json`.
 *
 * On S3 (any storage with only the plain interface) each PATCH is stored whole as one object
 * `<prefix>/<id>/part-<offset>-<length>` or not at all (put is all-or-nothing), so the offset is the sum of
 * the whole parts and an interrupted PATCH resumes from the last complete one; `assemble` streams the parts,
 * in order, into the final object. `partLength` answers the Content-Length of the PATCH being written: put
 * needs a size before the first byte.
 *
 * On the local folder the bytes go to one growing file instead (appended at the offset, kept when a body
 * breaks off, so an upload resumes from its last byte), which `assemble` renames into place: each byte is
 * written once, as a plain upload writes it. Its SHA-256 is taken as the bytes arrive, by the node that
 * receives them; when another node (or a restart) took part of the upload, `assemble` reads the file for it.
 */
export class ObjectStorageTusStore extends DataStore {
  /** Per local upload, the hash of its first `offset` bytes, as far as this node saw them arrive in order. */
  private readonly running = new Map<string, { offset: number; hash: Hash }>();

  constructor(
    readonly storage: ObjectStorage,
    private readonly partLength: () => number | null,
    private readonly expiry: { afterMs: number; now: () => Date } = { afterMs: 0, now: () => new Date() },
    private readonly prefix = 'tus-uploads',
  ) {
    super();
    // No deferred length: the size is checked against the limit before anything is stored.
    this.extensions = ['creation', 'termination', ...(expiry.afterMs > 0 ? ['expiration'] : [])];
  }

  /**
   * How long an upload may stay unfinished (tus expiration; 0: for ever). @tus/server stamps an upload's
   * creation and checks HEAD and PATCH against it by the real time, answering 410 once it has passed.
   */
  override getExpiration(): number {
    return this.expiry.afterMs;
  }

  /** Removes every upload created longer ago than the expiration (by the store's clock); answers how many. */
  override async deleteExpired(): Promise<number> {
    if (this.expiry.afterMs <= 0) return 0;
    const cutoff = this.expiry.now().getTime() - this.expiry.afterMs;
    let removed = 0;
    for (const object of await this.storage.list(`${this.prefix}/`)) {
      const id = INFO.exec(object.key)?.[1];
      if (!id) continue;
      const created = Date.parse((await this.info(id))?.creation_date ?? '');
      if (!(created < cutoff)) continue;
      await this.remove(id);
      removed++;
    }
    return removed;
  }

  private get local(): LocalObjectStorage | null {
    return this.storage instanceof LocalObjectStorage ? this.storage : null;
  }

  private dir(id: string) {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return `${this.prefix}/${id}`;
  }

  private checked(id: string) {
    this.dir(id);
    return id;
  }

  private partKey(id: string, offset: number, length: number) {
    const pad = (n: number) => String(n).padStart(15, '0');
    return `${this.dir(id)}/part-${pad(offset)}-${pad(length)}`;
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const info: StoredInfo = {
      id: upload.id,
      size: upload.size,
      metadata: upload.metadata ?? {},
      creation_date: upload.creation_date,
    };
    const body = Buffer.from(JSON.stringify(info));
    await this.storage.put(`${this.dir(upload.id)}/info.json`, Readable.from([body]), body.length);
    upload.storage = { type: `object-storage:${this.storage.kind}`, path: this.dir(upload.id) };
    return upload;
  }

  /** The upload's stored facts, or null when there is no such upload (unknown, removed or assembled). */
  async info(id: string): Promise<StoredInfo | null> {
    if (!UPLOAD_ID.test(id)) return null;
    const object = await this.storage.get(`${this.dir(id)}/info.json`);
    if (!object) return null;
    return JSON.parse(await text(object.body)) as StoredInfo;
  }

  /**
   * The whole parts, in order, from the start: a part counts only when its object holds the length its name
   * announces (some S3-compatible servers keep what arrived of a dropped PUT) and it starts where the
   * previous one ended.
   */
  private async parts(id: string) {
    const listed = (await this.storage.list(`${this.dir(id)}/part-`))
      .map((o) => {
        const m = PART.exec(o.key);
        return { ...o, offset: Number(m?.[1] ?? -1), length: Number(m?.[2] ?? -1) };
      })
      .filter((o) => o.offset >= 0 && o.size === o.length)
      .sort((a, b) => a.offset - b.offset);
    const whole: typeof listed = [];
    let next = 0;
    for (const part of listed) {
      if (part.offset !== next) break;
      whole.push(part);
      next += part.length;
    }
    return whole;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    // Parts are written only at the current offset (the server checks Upload-Offset), so they are contiguous.
    const offset = this.local ? ((await this.local.growingSize(id)) ?? 0) : (await this.parts(id)).reduce((sum, p) => sum + p.size, 0);
    return new Upload({ ...info, offset, storage: { type: `object-storage:${this.storage.kind}`, path: this.dir(id) } });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    if (this.local) return this.appendHashing(this.local, this.checked(id), stream, offset);
    const length = this.partLength();
    if (length === null) {
      stream.resume();
      throw { status_code: 411, body: 'Content-Length required\n' };
    }
    if (length === 0) return offset;
    const key = this.partKey(id, offset, length);
    const guard = exactly(length);
    stream.on('error', (err) => guard.destroy(err));
    stream.pipe(guard);
    try {
      await this.storage.put(key, guard, length);
    } catch (err) {
      // Whatever a lenient server kept of the broken part goes; the next PATCH at this offset replaces it anyway.
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
    return offset + length;
  }

  /**
   * Appends a PATCH to the growing file and carries the upload's running hash over it. The hash is kept
   * only when it covers exactly the bytes now in the file: a body cut short, a write that failed, or a
   * PATCH this node did not follow from the start leaves none, and completion reads the file instead.
   */
  private async appendHashing(local: LocalObjectStorage, id: string, stream: Readable, offset: number): Promise<number> {
    const known = this.running.get(id);
    this.running.delete(id);
    const hash = offset === 0 ? createHash('sha256') : known?.offset === offset ? known.hash : null;
    if (!hash) return local.appendGrowing(id, stream, offset);
    let seen = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        seen += chunk.length;
        done(null, chunk);
      },
    });
    stream.on('error', (err) => tap.destroy(err));
    const end = await local.appendGrowing(id, stream.pipe(tap), offset);
    if (end === offset + seen) {
      if (this.running.size >= MAX_RUNNING_HASHES) this.running.delete(this.running.keys().next().value as string);
      this.running.set(id, { offset: end, hash });
    }
    return end;
  }

  override async remove(id: string): Promise<void> {
    this.running.delete(id);
    await this.local?.deleteGrowing(this.checked(id));
    const objects = await this.storage.list(`${this.dir(id)}/`);
    // info.json last: an upload whose removal broke off is still found, and removed, by the next sweep.
    const info = `${this.dir(id)}/info.json`;
    for (const o of objects) if (o.key !== info) await this.storage.delete(o.key);
    await this.storage.delete(info);
  }

  /**
   * Streams the complete upload's parts into one object under `key`, taking its SHA-256 on the way; the
   * parts stay until `remove`, so a failure here loses nothing.
   */
  async assemble(id: string, key: string): Promise<{ size: number; sha256: string }> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    if (this.local) {
      const size = await this.local.growingSize(id);
      if (size !== info.size) throw new Error(`upload ${id} holds ${size} bytes, not ${info.size}`);
      const known = this.running.get(id);
      this.running.delete(id);
      const sha256 = known?.offset === size ? known.hash.digest('hex') : await this.hashGrowing(this.local, id);
      await this.local.commitGrowing(id, key);
      return { size, sha256 };
    }
    const hash = createHash('sha256');
    const parts = await this.parts(id);
    const storage = this.storage;
    async function* bytes() {
      for (const part of parts) {
        const object = await storage.get(part.key);
        if (!object) throw new Error(`upload part ${part.key} is missing`);
        for await (const chunk of object.body) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
      }
    }
    await storage.put(key, Readable.from(bytes(), { objectMode: false }), info.size);
    return { size: info.size, sha256: hash.digest('hex') };
  }

  private async hashGrowing(local: LocalObjectStorage, id: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of local.readGrowing(id)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  override async declareUploadLength(): Promise<void> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }
}
