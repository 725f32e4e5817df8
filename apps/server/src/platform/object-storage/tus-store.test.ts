import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../clock.ts';
import { LocalObjectStorage } from './local.ts';
import { S3ObjectStorage } from './s3.ts';
import { startTestS3 } from './test-s3-server.ts';
import { ObjectStorageTusStore } from './tus-store.ts';
import type { ObjectStorage } from './types.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let root: string;
let local: LocalObjectStorage;
let s3: S3ObjectStorage;
let stopS3: () => Promise<void>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tus-store-'));
  local = new LocalObjectStorage({
    root,
    publicUrl: 'http://127.0.0.1:1',
    secret: 'a-test-secret-of-enough-length',
    clock: fixedClock(new Date('2026-11-24T00:00:00Z')),
  });
  const server = await startTestS3();
  s3 = new S3ObjectStorage(server.options);
  stopS3 = server.stop;
});
afterAll(async () => {
  await stopS3?.();
  await rm(root, { recursive: true, force: true });
});

/** A request body that sends some bytes and then ends quietly, as @tus/server ends it when the client goes. */
function cutShort(first: Buffer): Readable {
  const body = new PassThrough();
  body.end(first);
  return body;
}

describe.each([
  ['local folder', () => local as ObjectStorage],
  ['S3 (s3rver)', () => s3 as ObjectStorage],
])('tus store over object storage: %s', (_name, storage) => {
  it('resumes after a broken PATCH, assembles the upload with its SHA-256, and removes what is left', async () => {
    let length: number | null = null;
    const store = new ObjectStorageTusStore(storage(), () => length);
    const data = randomBytes(700_000);
    const id = randomBytes(16).toString('hex');
    await store.create(new Upload({ id, size: data.length, offset: 0, metadata: { filename: 'a.log' } }));
    expect((await store.getUpload(id)).offset).toBe(0);

    length = 300_000;
    expect(await store.write(Readable.from([data.subarray(0, 300_000)]), id, 0)).toBe(300_000);
    // The next PATCH breaks off after 200,000 of its 400,000 bytes.
    length = 400_000;
    const broken = store.write(cutShort(data.subarray(300_000, 500_000)), id, 300_000);
    // The local folder keeps what arrived and resumes from its last byte; S3 parts are whole or nothing.
    const resumeAt = storage().kind === 'local' ? 500_000 : 300_000;
    if (storage().kind === 'local') expect(await broken).toBe(resumeAt);
    else await expect(broken).rejects.toThrow(/ended after 200000 of 400000/);
    const resumed = await store.getUpload(id);
    expect(resumed.offset).toBe(resumeAt);
    expect(resumed.size).toBe(data.length);
    expect(resumed.metadata).toEqual({ filename: 'a.log' });

    length = data.length - resumeAt;
    const rest = data.subarray(resumeAt);
    expect(await store.write(Readable.from([rest.subarray(0, 100_000), rest.subarray(100_000)]), id, resumeAt)).toBe(data.length);
    expect((await store.getUpload(id)).offset).toBe(data.length);
    const assembled = await store.assemble(id, `t/assembled-${id}`);
    expect(assembled).toEqual({ size: data.length, sha256: sha(data) });
    const object = await storage().get(`t/assembled-${id}`);
    const chunks: Buffer[] = [];
    for await (const c of object?.body ?? []) chunks.push(c as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(data));

    await store.remove(id);
    expect(await storage().list(`tus-uploads/${id}`)).toEqual([]);
    if (storage().kind === 'local') expect(await local.growingSize(id)).toBeNull();
    await expect(store.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  it('an unknown or malformed id is no upload; on S3 a PATCH without its length is refused', async () => {
    const store = new ObjectStorageTusStore(storage(), () => null);
    const id = randomBytes(16).toString('hex');
    await store.create(new Upload({ id, size: 10, offset: 0 }));
    if (storage().kind === 's3') {
      await expect(store.write(Readable.from([Buffer.alloc(5)]), id, 0)).rejects.toMatchObject({ status_code: 411 });
      expect((await store.getUpload(id)).offset).toBe(0);
    }
    expect(await store.info('../../etc')).toBeNull();
    await expect(store.getUpload(randomBytes(16).toString('hex'))).rejects.toMatchObject({ status_code: 404 });
    await store.remove(id);
  });
});

describe('tus store on the local folder: the SHA-256 taken as the bytes arrive', () => {
  /** Sends `data` in PATCHes at `cuts`, each through the store that `through(i)` names (a node each). */
  async function upload(data: Buffer, cuts: number[], through: (i: number) => ObjectStorageTusStore) {
    const id = randomBytes(16).toString('hex');
    await through(0).create(new Upload({ id, size: data.length, offset: 0 }));
    const ends = [...cuts, data.length];
    for (let i = 0, at = 0; i < ends.length; at = ends[i] as number, i++) {
      expect(await through(i).write(Readable.from([data.subarray(at, ends[i])]), id, at)).toBe(ends[i]);
    }
    return id;
  }

  it('needs no second reading of the file when one node received every byte, a broken PATCH included', async () => {
    const store = new ObjectStorageTusStore(local, () => null);
    const data = randomBytes(900_000);
    const id = await upload(data, [200_000], () => store);
    const read = vi.spyOn(local, 'readGrowing');
    try {
      expect(await store.assemble(id, `t/hashed-${id}`)).toEqual({ size: data.length, sha256: sha(data) });
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
    // A body that breaks off keeps what arrived, and the hash covers just that.
    const again = randomBytes(16).toString('hex');
    await store.create(new Upload({ id: again, size: data.length, offset: 0 }));
    expect(await store.write(cutShort(data.subarray(0, 300_000)), again, 0)).toBe(300_000);
    expect(await store.write(Readable.from([data.subarray(300_000)]), again, 300_000)).toBe(data.length);
    const spied = vi.spyOn(local, 'readGrowing');
    try {
      expect((await store.assemble(again, `t/hashed-${again}`)).sha256).toBe(sha(data));
      expect(spied).not.toHaveBeenCalled();
    } finally {
      spied.mockRestore();
    }
  });

  it('reads the file for the hash when another node took part of the upload', async () => {
    const nodes = [new ObjectStorageTusStore(local, () => null), new ObjectStorageTusStore(local, () => null)];
    const data = randomBytes(600_000);
    // PATCHes on nodes 0, 1, 0: node 0 missed the middle, node 1 the start.
    const id = await upload(data, [100_000, 350_000], (i) => nodes[i % 2] as ObjectStorageTusStore);
    const read = vi.spyOn(local, 'readGrowing');
    try {
      expect(await nodes[0]?.assemble(id, `t/read-${id}`)).toEqual({ size: data.length, sha256: sha(data) });
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });
});
