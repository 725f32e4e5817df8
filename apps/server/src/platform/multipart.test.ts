import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zEnvelope } from '@portal/contract/shared/envelope';
import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { lastErrorReport } from '../test/rows.ts';

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const BOUNDARY = 'portal-test-boundary';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const end = `\r\n--${BOUNDARY}--\r\n`;

/** A whole body: the parts, then the closing boundary. */
const form = (...parts: string[]) => `${parts.join('')}--${BOUNDARY}--\r\n`;

function multipart(payload: string | Buffer) {
  return t.app.inject({
    method: 'POST',
    url: submitErrorReport.path,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

function getHealth(): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('multipart bodies', () => {
  it('refuses a 10 MB file part to a call that takes no files before reading it, while /healthz answers', async () => {
    const fileBytes = 10 * 1024 * 1024;
    const head = Buffer.from(part('error_name', 'Error') + filePart('unknown_field'));
    const tail = Buffer.from(end);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: submitErrorReport.path,
      // Chunked, with no length to refuse it by: only the file part's header can tell.
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    req.on('error', () => {}); // The server may close the connection on the rest of the upload.
    let bodySent = false;
    let answeredBeforeBodySent: boolean | null = null;
    const answer = new Promise<{ status: number; body: string }>((resolve) => {
      req.on('response', (res) => {
        answeredBeforeBodySent = !bodySent;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    const write = (data: Buffer) => new Promise<void>((resolve) => req.write(data, () => resolve()));
    const answered = answer.then(() => undefined);

    // The first megabyte, then a health check while the upload is under way.
    await write(head);
    let sent = 0;
    for (; sent < 1024 * 1024; sent += chunk.length) await write(chunk);
    expect(await getHealth()).toBe(200);
    expect(bodySent).toBe(false);

    // The rest, unless the server has answered (a server that stopped reading would never take it).
    for (; sent < fileBytes && answeredBeforeBodySent === null; sent += chunk.length) {
      await Promise.race([write(chunk), answered]);
    }
    if (answeredBeforeBodySent === null) {
      await write(tail);
      bodySent = true;
      req.end();
    } else req.destroy();

    const { status, body } = await answer;
    expect(status, body).toBe(413);
    expect(zEnvelope.safeParse(JSON.parse(body)).success, body).toBe(true);
    expect(JSON.parse(body).message).toBe('This call takes no files');
    expect(answeredBeforeBodySent).toBe(true);
    expect(await getHealth()).toBe(200);
  });

  it('still reads the fields of a multipart body', async () => {
    const res = await multipart(form(part('error_name', 'MultipartError'), part('error_metadata', '{"page":"/x"}')));
    expect(res.json(), res.body).toMatchObject({ status: 'ok' });
    expect(await lastErrorReport(t)).toMatchObject({ code: res.json().data, error_name: 'MultipartError', error_metadata: { page: '/x' } });
  });

  it('refuses any file part, however small, and stores nothing', async () => {
    const before = await lastErrorReport(t);
    const res = await multipart(`${part('error_name', 'WithFile')}${filePart('error_stack')}tiny${end}`);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('This call takes no files');
    expect(zEnvelope.safeParse(res.json()).success).toBe(true);
    expect(await lastErrorReport(t)).toEqual(before);
  });

  it('caps the number of fields to what the call takes', async () => {
    const many = Array.from({ length: 50 }, (_, i) => part(`extra_${i}`, 'x'));
    const res = await multipart(form(part('error_name', 'Many'), ...many));
    expect(res.statusCode, res.body).toBe(413);
    expect(zEnvelope.safeParse(res.json()).success).toBe(true);
  });

  it('refuses a body announced larger than the limit before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: submitErrorReport.path,
      payload: form(part('error_name', 'Announced')),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(3 * 1024 * 1024) },
    });
    expect(res.json()).toMatchObject({ status: 'error', code: 413, message: 'The request is too large' });
  });

  it('caps the size of a field instead of cutting it short', async () => {
    const res = await multipart(form(part('error_stack', 'x'.repeat(3 * 1024 * 1024))));
    expect(res.statusCode, res.body).toBe(413);
    expect(zEnvelope.safeParse(res.json()).success).toBe(true);
  });
});
