import {
  ATTACHMENT_MESSAGES,
  DOWNLOAD_SUPPORT_ATTACHMENT_PATH,
  UPLOAD_FAILED_STATUS,
  UPLOAD_SUPPORT_FILE_PATH,
} from '@portal/contract/tickets/ticket-attachments';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { adminTicketsViewPage, createComment, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';

let t: TestContext;
let root: string;
let support: TestClient;
let customer: TestClient;
let customerCompanyId: number;
let other: TestClient;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'attachments-test-'));
  t = await createTestContext({ OBJECT_STORAGE_DIR: root });
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', company_name: 'Vendor' });
  support = await client((await newUser(t.db, vendor.company.id, { staff_role: 'support' })).id);
  const c = await newCompany(t.db, { current_state: 'ACTIVE', company_name: 'Acme' });
  customerCompanyId = c.company.id;
  customer = await client(c.user.id);
  other = await client((await newCompany(t.db, { current_state: 'ACTIVE' })).user.id);
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const BOUNDARY = '----attachment-test';
/** A multipart body: the fields in order, then the file (as a browser's FormData sends it). */
function multipart(fields: [string, string][], file?: { name: string; type: string; data: Buffer }): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

async function upload(
  c: TestClient,
  data: Buffer,
  opts: { name?: string; type?: string; size?: string; url?: string; pageAction?: boolean } = {},
) {
  const fields: [string, string][] = [
    ...(opts.pageAction ? ([['doAction', 'upload_support_file']] as [string, string][]) : []),
    ['index', '3'],
    ['size', opts.size ?? String(data.length)],
  ];
  return t.app.inject({
    method: 'POST',
    url: opts.pageAction ? '/' : UPLOAD_SUPPORT_FILE_PATH,
    cookies: c.cookies,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}) },
    payload: multipart(fields, { name: opts.name ?? 'log.txt', type: opts.type ?? 'text/plain', data }),
  });
}
const uploadedId = async (c: TestClient, data: Buffer, opts: Parameters<typeof upload>[2] = {}) => {
  const res = await upload(c, data, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const download = (c: TestClient, id: number | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${id}`, cookies: c.cookies, headers });

/** Every object stored under the attachments prefix. */
async function storedFiles(): Promise<string[]> {
  const dir = path.join(root, 'ticket-attachments');
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
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

describe('ticket attachments', () => {
  it('uploads, attaches with create_ticket, lists under the comment, and downloads whole and by range with the same SHA-256', async () => {
    const data = randomBytes(300_000);
    const id = await uploadedId(customer, data, { name: 'backup.log', type: 'text/plain' });
    const ticketId = ok(await customer.call(createTicket, { ...form, target_attachments: [id] })).data;
    const view = ok(await customer.call(ticketsViewPage, { target_ticket_id: ticketId })).data;
    expect(view.comments[0]?.attachments).toEqual([{ id, filename: 'backup.log', filesize: data.length, mime_type: 'text/plain' }]);

    const whole = await download(customer, id);
    expect(whole.statusCode).toBe(200);
    expect(sha(whole.rawPayload)).toBe(sha(data));
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="backup.log"/);
    expect(whole.headers.etag).toBe(`"${sha(data)}"`);

    const first = await download(customer, id, { range: 'bytes=0-99999' });
    expect(first.statusCode).toBe(206);
    const rest = await download(support, id, { range: 'bytes=100000-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100000-${data.length - 1}/${data.length}`);
    expect(sha(Buffer.concat([first.rawPayload, rest.rawPayload]))).toBe(sha(data));
  });

  it('is also the page action POST / with doAction=upload_support_file, and attaches to a comment', async () => {
    const ticketId = ok(await customer.call(createTicket, { ...form, target_attachments: [] })).data;
    const data = Buffer.from('second file');
    const res = await upload(customer, data, { pageAction: true, name: 'notes.txt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ index: 3, filename: 'notes.txt', filesize: data.length });
    const view = ok(await customer.call(ticketsViewPage, { target_ticket_id: ticketId })).data;
    ok(
      await customer.call(createComment, {
        target_ticket_id: ticketId,
        target_body: 'one more',
        target_attachments: [res.json().data.id],
        expect_ticket_hash: view.hash,
        expect_company_id: customerCompanyId,
      }),
    );
    const after = ok(await support.call(adminTicketsViewPage, { target_ticket_id: ticketId })).data;
    expect(after.comments.at(-1)?.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
    expect((await download(support, res.json().data.id)).rawPayload.toString()).toBe('second file');
  });

  it('refuses 500 MB or more as Too Large before storing anything, and a body longer than announced while streaming', async () => {
    const before = await storedFiles();
    const big = await upload(customer, Buffer.from('x'), { size: '500000000' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    const over = await upload(customer, Buffer.alloc(5000, 1), { size: '100' });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    const short = await upload(customer, Buffer.alloc(50, 1), { size: '100' });
    expect(short.statusCode).toBe(400);
    const announced = await t.app.inject({
      method: 'POST',
      url: UPLOAD_SUPPORT_FILE_PATH,
      cookies: customer.cookies,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'x-csrf-token': customer.csrf ?? '',
        'content-length': '600000000',
      },
      payload: multipart([['size', '1']], { name: 'a', type: 'text/plain', data: Buffer.from('a') }),
    });
    expect([413, 400]).toContain(announced.statusCode);
    expect(await storedFiles()).toEqual(before);
  });

  it("the page action answers the spec's status FAILED when an upload fails; the upload's own path keeps the envelope", async () => {
    const before = await storedFiles();
    const big = await upload(customer, Buffer.from('x'), { size: '500000000', pageAction: true });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: UPLOAD_FAILED_STATUS, code: 413, message: ATTACHMENT_MESSAGES.tooLarge, data: {} });
    const short = await upload(customer, Buffer.alloc(50, 1), { size: '100', pageAction: true });
    expect(short.json()).toMatchObject({ status: UPLOAD_FAILED_STATUS, code: 400, message: ATTACHMENT_MESSAGES.sizeMismatch });
    expect((await upload(customer, Buffer.from('x'), { size: '500000000' })).json()).toMatchObject({ status: 'error', code: 413 });
    expect(await storedFiles()).toEqual(before);
  });

  it('the page action needs a known doAction first and the CSRF token; the size must come before the file', async () => {
    const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const file = { name: 'a', type: 'text/plain', data: Buffer.from('a') };
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/',
      cookies: customer.cookies,
      headers: { ...headers, 'x-csrf-token': customer.csrf ?? '' },
      payload: multipart(
        [
          ['doAction', 'no_such_action'],
          ['size', '1'],
        ],
        file,
      ),
    });
    expect(unknown.statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/',
      cookies: customer.cookies,
      headers,
      payload: multipart(
        [
          ['doAction', 'upload_support_file'],
          ['size', '1'],
        ],
        file,
      ),
    });
    expect(noToken.statusCode).toBe(403);
    const noSize = await t.app.inject({
      method: 'POST',
      url: UPLOAD_SUPPORT_FILE_PATH,
      cookies: customer.cookies,
      headers: { ...headers, 'x-csrf-token': customer.csrf ?? '' },
      payload: multipart([['index', '0']], file),
    });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toBe(ATTACHMENT_MESSAGES.sizeMissing);
  });

  it('needs the CSRF token and a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD_SUPPORT_FILE_PATH,
      cookies: customer.cookies,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([['size', '1']], { name: 'a', type: 'text/plain', data: Buffer.from('a') }),
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=1` });
    expect(anon.statusCode).toBe(401);
  });

  it('another company’s attachment answers exactly as a missing one; an unattached upload is its uploader’s alone', async () => {
    const id = await uploadedId(customer, Buffer.from('private'));
    ok(await customer.call(createTicket, { ...form, target_attachments: [id] }));
    const theirs = await download(other, id);
    const missing = await download(other, 987654321);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    const loose = await uploadedId(other, Buffer.from('mine'));
    expect((await download(other, loose)).statusCode).toBe(200);
    expect((await download(customer, loose)).body).toBe(missing.body);
  });

  it('a customer cannot attach to another company’s ticket, nor attach someone else’s upload', async () => {
    const ticketId = ok(await customer.call(createTicket, { ...form, target_attachments: [] })).data;
    const view = ok(await customer.call(ticketsViewPage, { target_ticket_id: ticketId })).data;
    const mine = await uploadedId(other, Buffer.from('sneaky'));
    const base = { target_ticket_id: ticketId, target_body: 'hi', expect_ticket_hash: view.hash, expect_company_id: customerCompanyId };
    const res = await other.call(createComment, { ...base, target_attachments: [mine] });
    expect(res.status).toBe('error');
    expect(res.code).toBe(404);
    const stolen = await customer.call(createComment, { ...base, target_attachments: [mine] });
    expect(stolen.status).toBe('error');
    expect(JSON.stringify(stolen)).toContain(TICKET_MESSAGES.attachment);
    expect((await download(customer, mine)).statusCode).toBe(404);
  });

  it('serves HTML as an octet-stream attachment with a sanitized name, never inline', async () => {
    const id = await uploadedId(customer, Buffer.from('<script>alert(1)</script>'), { name: 'evil <b>x.html', type: 'text/html' });
    ok(await customer.call(createTicket, { ...form, target_attachments: [id] }));
    const res = await download(customer, id);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evil__b_x.html"; filename*=UTF-8''evil%20%3Cb%3Ex.html`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });
});
