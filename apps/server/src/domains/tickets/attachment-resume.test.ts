import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ATTACHMENT_MESSAGES, DOWNLOAD_SUPPORT_ATTACHMENT_PATH, RESUMABLE_UPLOADS_PATH } from '@portal/contract/tickets/ticket-attachments';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { LocalObjectStorage, type ObjectStorage, S3ObjectStorage } from '../../platform/object-storage/index.ts';
import { startTestS3 } from '../../platform/object-storage/test-s3-server.ts';
import { createTestContext, newCompany, newUser, ok, TestClient, type TestContext } from '../../test/harness.ts';
import { attachmentRow } from '../../test/rows.ts';
import { ABANDONED_UPLOAD_MS } from './attachment-tus.ts';
import * as tickets from './service.ts';

let t: TestContext;
let root: string;
let base: string;
let customer: TestClient;
let colleague: TestClient;
let other: TestClient;
/** The object storage the app writes to, to see what an upload left behind. */
let storage: ObjectStorage;
let stopS3: (() => Promise<void>) | null = null;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;
const HOUR = 3_600_000;
const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

/** The app on one kind of object storage, a customer, a colleague and another company's user, listening. */
async function start(kind: 'local' | 's3') {
  root = await mkdtemp(path.join(tmpdir(), 'attachment-resume-'));
  if (kind === 's3') {
    const s3 = await startTestS3();
    stopS3 = s3.stop;
    storage = new S3ObjectStorage(s3.options);
    t = await createTestContext({
      OBJECT_STORAGE: 's3',
      S3_ENDPOINT: s3.options.endpoint,
      S3_REGION: s3.options.region,
      S3_BUCKET: s3.options.bucket,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
    });
  } else {
    storage = new LocalObjectStorage({ root, publicUrl: 'http://127.0.0.1:1', secret: 'unused-here-unused-here', clock: systemClock });
    t = await createTestContext({ OBJECT_STORAGE_DIR: root });
  }
  const c = await newCompany(t.db, { current_state: 'ACTIVE', company_name: 'Acme' });
  customer = await client(c.user.id);
  colleague = await client((await newUser(t.db, c.company.id, {})).id);
  other = await client((await newCompany(t.db, { current_state: 'ACTIVE' })).user.id);
  // tus clients speak plain HTTP with real sockets: a dropped connection is the point of these tests.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}

async function stop() {
  await t.close();
  await stopS3?.();
  stopS3 = null;
  await rm(root, { recursive: true, force: true });
}

/** The session cookie and CSRF header a browser on the portal sends. */
function sessionHeaders(c: TestClient): Record<string, string> {
  return {
    cookie: Object.entries(c.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}),
  };
}
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function create(c: TestClient, size: number, metadata: Record<string, string> = { filename: 'backup.log', filetype: 'text/plain' }) {
  return fetch(`${base}${RESUMABLE_UPLOADS_PATH}`, {
    method: 'POST',
    headers: {
      ...sessionHeaders(c),
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
}
const head = (c: TestClient, location: string) =>
  fetch(`${base}${location}`, { method: 'HEAD', headers: { ...sessionHeaders(c), 'tus-resumable': '1.0.0' } });
const patch = (c: TestClient, location: string, offset: number, body: Buffer) =>
  fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...sessionHeaders(c),
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body,
  });

/** A PATCH announcing `announced` bytes that sends only `sent` of them and then drops the connection. */
function interruptedPatch(c: TestClient, location: string, offset: number, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...sessionHeaders(c),
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

/** The stored upload's offset, once the server has let go of the dropped PATCH. */
async function offsetOf(c: TestClient, location: string): Promise<number> {
  const res = await head(c, location);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

const form = {
  target_ticket_type: 2,
  target_ticket_subject: 'Logs attached',
  target_server_version: '24.3.1',
  target_server_os: 'Linux' as const,
  target_message_overview: 'See the log',
  target_message_device_details: 'Device 7',
  target_message_extra: null,
};

/** Every object stored under the prefix. */
async function filesUnder(prefix: string): Promise<string[]> {
  return (await storage.list(prefix)).map((o) => o.key);
}

describe.each(['local', 's3'] as const)('resumable ticket attachments (tus), object storage: %s', (kind) => {
  beforeAll(() => start(kind));
  afterAll(stop);

  it('an upload interrupted at 60% resumes where the storage kept it and the stored file has the same SHA-256', async () => {
    const data = randomBytes(3 * MB);
    const created = await create(customer, data.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${RESUMABLE_UPLOADS_PATH}/[0-9a-f]{32}$`));

    expect((await patch(customer, location, 0, data.subarray(0, MB))).status).toBe(204);
    // The second megabyte and a bit: 60% of the file has left the client when the connection drops.
    await interruptedPatch(customer, location, MB, data.subarray(MB), Math.round(0.6 * data.length) - MB);
    // S3 keeps whole PATCHes only; the local folder keeps every byte that arrived.
    const resumeAt = await offsetOf(customer, location);
    if (kind === 's3') expect(resumeAt).toBe(MB);
    else {
      expect(resumeAt).toBeGreaterThanOrEqual(MB);
      expect(resumeAt).toBeLessThanOrEqual(Math.round(0.6 * data.length));
    }

    // The real browser client resumes from the URL: it asks for the offset and sends only the rest.
    const sentFrom: number[] = [];
    const answer = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        uploadUrl: `${base}${location}`,
        chunkSize: MB,
        headers: sessionHeaders(customer),
        retryDelays: [],
        onProgress: (sent) => sentFrom.push(sent),
        onError: reject,
        onSuccess: (payload) => resolve(payload.lastResponse.getBody()),
      });
      upload.start();
    });
    expect(Math.min(...sentFrom)).toBeGreaterThanOrEqual(resumeAt);
    const uploaded = JSON.parse(answer);
    expect(uploaded).toMatchObject({ status: 'ok', data: { filename: 'backup.log', filesize: data.length, mime_type: 'text/plain' } });

    const id = uploaded.data.id as number;
    const download = await t.app.inject({ method: 'GET', url: `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${id}`, cookies: customer.cookies });
    expect(download.statusCode).toBe(200);
    expect(sha(download.rawPayload)).toBe(sha(data));
    expect(download.headers.etag).toBe(`"${sha(data)}"`);
    // The parts are gone once assembled, and the upload with them.
    expect(await filesUnder('tus-uploads/')).toEqual([]);
    expect((await head(customer, location)).status).toBe(404);

    // The finished upload attaches as today's route's uploads do.
    const ticketId = ok(await customer.call(createTicket, { ...form, target_attachments: [id] })).data;
    const view = ok(await customer.call(ticketsViewPage, { target_ticket_id: ticketId })).data;
    expect(view.comments[0]?.attachments).toEqual([{ id, filename: 'backup.log', filesize: data.length, mime_type: 'text/plain' }]);
  });

  it('a refused upload stores nothing: 500 MB or more is Too Large before the upload starts, and a part overrunning the length is refused', async () => {
    const before = await filesUnder('');
    const big = await create(customer, 500_000_000);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    const missing = await fetch(`${base}${RESUMABLE_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { ...sessionHeaders(customer), 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    });
    expect(missing.status).toBe(400);
    expect(await filesUnder('')).toEqual(before);

    const created = await create(customer, 10);
    const location = created.headers.get('location') ?? '';
    expect((await patch(customer, location, 0, Buffer.alloc(11))).status).toBe(413);
    expect(await offsetOf(customer, location)).toBe(0);
    expect(
      (await fetch(`${base}${location}`, { method: 'DELETE', headers: { ...sessionHeaders(customer), 'tus-resumable': '1.0.0' } })).status,
    ).toBe(204);
    expect(await filesUnder('')).toEqual(before);
  });

  it("another company's user, or a colleague, cannot resume, continue or drop someone's upload; no session or CSRF token is refused", async () => {
    const data = randomBytes(1000);
    const created = await create(customer, data.length);
    const location = created.headers.get('location') ?? '';
    expect((await patch(customer, location, 0, data.subarray(0, 400))).status).toBe(204);

    for (const stranger of [other, colleague]) {
      const h = await head(stranger, location);
      expect(h.status).toBe(404);
      const p = await patch(stranger, location, 400, data.subarray(400));
      expect(p.status).toBe(404);
      expect(((await p.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.uploadNotFound);
      const d = await fetch(`${base}${location}`, { method: 'DELETE', headers: { ...sessionHeaders(stranger), 'tus-resumable': '1.0.0' } });
      expect(d.status).toBe(404);
    }
    const anonymous = await fetch(`${base}${location}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    expect(anonymous.status).toBe(401);
    // Same origin only: no CORS grant for another site's page.
    const foreign = await fetch(`${base}${location}`, {
      method: 'HEAD',
      headers: { ...sessionHeaders(customer), 'tus-resumable': '1.0.0', origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const noCsrf = await fetch(`${base}${RESUMABLE_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { cookie: sessionHeaders(customer).cookie ?? '', 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(noCsrf.status).toBe(403);
    expect(await offsetOf(customer, location)).toBe(400);
    expect((await patch(customer, location, 400, data.subarray(400))).status).toBe(200);
  });

  it("an upload for another company's ticket is refused as a missing ticket before it starts", async () => {
    const ticketId = ok(await customer.call(createTicket, { ...form, target_attachments: [] })).data;
    const refused = await create(other, 10, { filename: 'x.txt', ticket_id: String(ticketId) });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe(TICKET_MESSAGES.notFound);
    const allowed = await create(customer, 10, { filename: 'x.txt', ticket_id: String(ticketId) });
    expect(allowed.status).toBe(201);
  });

  // Last of its storage kind: it moves the clock a day on.
  it('what is left unsent for a day goes: an unfinished upload and a finished one never attached, row and object; an attached one stays', async () => {
    t.clock.set(new Date());
    const { user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    let me = await client(user.id);
    const upload = (data: Buffer) =>
      new Promise<number>((resolve, reject) => {
        new tus.Upload(data, {
          endpoint: `${base}${RESUMABLE_UPLOADS_PATH}`,
          metadata: { filename: 'left.log', filetype: 'text/plain' },
          headers: sessionHeaders(me),
          retryDelays: [],
          onError: reject,
          onSuccess: (payload) => resolve(JSON.parse(payload.lastResponse.getBody()).data.id),
        }).start();
      });
    const attached = await upload(randomBytes(MB));
    ok(await me.call(createTicket, { ...form, target_attachments: [attached] }));
    const left = await upload(randomBytes(MB));
    const created = await create(me, 3 * MB);
    // The client is told when an unfinished upload stops being kept.
    const expires = Date.parse(created.headers.get('upload-expires') ?? '');
    expect(expires - Date.now()).toBeGreaterThan(ABANDONED_UPLOAD_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(ABANDONED_UPLOAD_MS);
    const unfinished = created.headers.get('location') ?? '';
    expect((await patch(me, unfinished, 0, randomBytes(MB))).status).toBe(204);
    const keyOf = async (id: number) => (await attachmentRow(t, id))?.storage_key ?? '';
    const leftKey = await keyOf(left);
    const download = (id: number) =>
      t.app.inject({ method: 'GET', url: `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${id}`, cookies: me.cookies });
    const sweep = () => runInContext(t.app.deps, systemSource(QUIET), (ctx) => tickets.purgeAbandonedUploadsJob(ctx as CallContext));

    // What the tests before this one left is older (their clock stood days earlier) and may go now; not these.
    t.clock.advance(ABANDONED_UPLOAD_MS - HOUR);
    me = await client(user.id);
    await sweep();
    expect((await download(left)).statusCode).toBe(200);
    expect(await offsetOf(me, unfinished)).toBe(MB);

    t.clock.advance(2 * HOUR);
    me = await client(user.id);
    expect(await sweep()).toBeGreaterThanOrEqual(2);
    expect(await sweep()).toBe(0);
    expect((await download(left)).statusCode).toBe(404);
    expect(await attachmentRow(t, left)).toBeNull();
    expect(await storage.head(leftKey)).toBeNull();
    expect((await head(me, unfinished)).status).toBe(404);
    expect(await filesUnder('tus-uploads/')).toEqual([]);
    const kept = await download(attached);
    expect(kept.statusCode).toBe(200);
    expect(await storage.head(await keyOf(attached))).not.toBeNull();
  });
});
