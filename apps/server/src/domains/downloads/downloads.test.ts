import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminDescribeDownload,
  adminListDownloadsAll,
  adminPatchDownload,
  createServerPage,
  DOWNLOAD_MESSAGES,
  downloadCometUrl,
  downloadsMeta,
  listDownloads,
} from '@portal/contract/downloads/downloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';

let t: TestContext;
let root: string;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'downloads-test-'));
  t = await createTestContext({ OBJECT_STORAGE_DIR: root });
  const adminUser = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  const customerUser = (await newCompany(t.db, { current_state: 'ACTIVE' })).user.id;
  admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUser);
  customer = await new TestClient(t.app).useSession(t.db, t.clock, customerUser);
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** PUTs the bytes to a presigned URL as a browser would (same app, no session). */
async function put(url: string, body: Buffer) {
  const u = new URL(url);
  return t.app.inject({
    method: 'PUT',
    url: u.pathname + u.search,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

async function upload(version: string, filename: string, body: Buffer) {
  const signed = ok(await admin.call(adminCreateDownloadPresignedUrl, { target_version_key: version, target_path: filename })).data;
  expect((await put(signed.url, body)).statusCode).toBe(200);
  return signed;
}

async function objectsStored() {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
    return nested.flat();
  };
  return walk(path.join(root, 'objects'));
}

describe('versions', () => {
  it('creates a version once, hidden by default, and refuses a version string without three parts', async () => {
    const made = ok(await admin.call(adminCreateDownload, { target_version_key: '24.12.3', codename: 'Voyager' })).data;
    expect(made).toMatchObject({ version_key: '24.12.3', is_hidden: true, is_prerelease: false, prefix: 'cometd-24.12.3', platforms: [] });
    const again = await admin.call(adminCreateDownload, { target_version_key: '24.12.3' });
    expect(again).toMatchObject({ code: 400, data: { fields: { target_version_key: DOWNLOAD_MESSAGES.exists } } });
    for (const bad of ['24.12', '24', '2.1.1', 'cometd-24.1.1', '24.1.1.1']) {
      const res = await admin.call(adminCreateDownload, { target_version_key: bad });
      expect(res, bad).toMatchObject({ code: 400, data: { fields: { target_version_key: DOWNLOAD_MESSAGES.versionKey } } });
    }
  });

  it('customers are refused the admin calls', async () => {
    expect((await customer.call(adminCreateDownload, { target_version_key: '24.1.1' })).code).toBe(403);
    expect((await customer.call(adminListDownloadsAll, {})).code).toBe(403);
  });
});

describe('upload and download', () => {
  const body = randomBytes(256 * 1024 + 17);
  const name = 'cometd-25.3.1-linux-x86_64.deb';

  beforeAll(async () => {
    ok(await admin.call(adminCreateDownload, { target_version_key: '25.3.1', is_hidden: false, release_date: '2026-11-20' }));
  });

  it('refuses a wrong file name or platform before any byte is stored', async () => {
    const before = await objectsStored();
    for (const [target_path, message] of [
      ['cometd-25.3.1-linux-x86_64.zip', DOWNLOAD_MESSAGES.fileName],
      ['cometd-25.3.1-macos.pkg', DOWNLOAD_MESSAGES.fileName],
      ['comet-25.3.1-linux-x86_64.deb', DOWNLOAD_MESSAGES.fileName],
      ['../cometd-25.3.1-linux-x86_64.deb', DOWNLOAD_MESSAGES.fileName],
      ['cometd-25.3.2-linux-x86_64.deb', DOWNLOAD_MESSAGES.wrongVersion],
    ] as const) {
      const res = await admin.call(adminCreateDownloadPresignedUrl, { target_version_key: '25.3.1', target_path });
      expect(res, target_path).toMatchObject({ code: 400, data: { fields: { target_path: message } } });
    }
    expect(await objectsStored()).toEqual(before);
    expect(ok(await admin.call(adminDescribeDownload, { version_key: '25.3.1' })).data.pending).toEqual([]);
  });

  it('an upload is invisible to customers until patch_download attaches it, then downloads byte for byte', async () => {
    await upload('25.3.1', name, body);
    const listed = ok(await customer.call(listDownloads, {})).data.rows.map((r) => r.version);
    expect(listed).not.toContain('25.3.1');
    expect(ok(await admin.call(adminDescribeDownload, { version_key: '25.3.1' })).data.pending).toEqual([
      { platform_id: 'linux_x86_64_deb', filename: name },
    ]);
    const patched = ok(await admin.call(adminPatchDownload, { target_version_key: '25.3.1', file_linux_x86_64_deb: name })).data;
    expect(patched.platforms).toEqual([
      expect.objectContaining({ platform_id: 'linux_x86_64_deb', filename: name, filesize_bytes: body.length, sha256: sha(body) }),
    ]);
    const meta = ok(await customer.call(downloadsMeta, { version_key: '25.3.1' })).data;
    expect(meta).toMatchObject({ version: '25.3.1', release_date: '2026-11-20', platforms: [{ filesize_bytes: body.length }] });
    const res = await customer.get(downloadCometUrl('25.3.1', 'linux_x86_64_deb'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(body.length);
    expect(sha(res.rawPayload)).toBe(sha(body));
  });

  it('answers byte ranges, so a broken download resumes', async () => {
    const url = downloadCometUrl('25.3.1', 'linux_x86_64_deb');
    const first = await customer.app.inject({ method: 'GET', url, cookies: customer.cookies, headers: { range: 'bytes=0-99999' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99999/${body.length}`);
    const rest = await customer.app.inject({
      method: 'GET',
      url,
      cookies: customer.cookies,
      headers: { range: 'bytes=100000-', 'if-range': String(first.headers.etag) },
    });
    expect(rest.statusCode).toBe(206);
    expect(sha(Buffer.concat([first.rawPayload, rest.rawPayload]))).toBe(sha(body));
    const tail = await customer.app.inject({ method: 'GET', url, cookies: customer.cookies, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(body.subarray(body.length - 10))).toBe(true);
    const outside = await customer.app.inject({
      method: 'GET',
      url,
      cookies: customer.cookies,
      headers: { range: `bytes=${body.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${body.length}`);
    // A changed file (another ETag) is sent whole rather than spliced onto the old one's bytes.
    const stale = await customer.app.inject({
      method: 'GET',
      url,
      cookies: customer.cookies,
      headers: { range: 'bytes=10-', 'if-range': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('an interrupted upload leaves no object and cannot be attached', async () => {
    const other = 'cometd-25.3.1-linux-aarch64.rpm';
    const signed = ok(await admin.call(adminCreateDownloadPresignedUrl, { target_version_key: '25.3.1', target_path: other })).data;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const u = new URL(signed.url);
    await new Promise<void>((resolve) => {
      const req = request(`${address}${u.pathname}${u.search}`, { method: 'PUT', headers: { 'content-length': String(body.length) } });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(body.subarray(0, 50_000), () => setTimeout(() => req.destroy(), 50));
    });
    // The server notices the reset and removes its partial file (on a busy machine, a while later).
    await expect.poll(() => readdir(path.join(root, '.partial'))).toEqual([]);
    expect((await objectsStored()).some((f) => f.endsWith(other))).toBe(false);
    const res = await admin.call(adminPatchDownload, { target_version_key: '25.3.1', file_linux_aarch64_rpm: other });
    expect(res).toMatchObject({ code: 400, data: { fields: { file_linux_aarch64_rpm: DOWNLOAD_MESSAGES.notUploaded } } });
    expect(ok(await customer.call(downloadsMeta, { version_key: '25.3.1' })).data.platforms.map((p) => p.platform_id)).toEqual([
      'linux_x86_64_deb',
    ]);
    expect((await customer.get(downloadCometUrl('25.3.1', 'linux_aarch64_rpm'))).statusCode).toBe(404);
  });

  it('a new upload replaces the platform file; an empty name removes it', async () => {
    const v2 = randomBytes(1000);
    await upload('25.3.1', name, v2);
    // Until attached, customers keep getting the old file.
    expect(sha((await customer.get(downloadCometUrl('25.3.1', 'linux_x86_64_deb'))).rawPayload)).toBe(sha(body));
    ok(await admin.call(adminPatchDownload, { target_version_key: '25.3.1', file_linux_x86_64_deb: name }));
    expect(sha((await customer.get(downloadCometUrl('25.3.1', 'linux_x86_64_deb'))).rawPayload)).toBe(sha(v2));
    const tar = 'cometd-25.3.1-windows-x86_64.exe';
    await upload('25.3.1', tar, Buffer.from('MZ'));
    ok(await admin.call(adminPatchDownload, { target_version_key: '25.3.1', file_windows_x86_64: tar, file_linux_x86_64_deb: '' }));
    expect(ok(await customer.call(downloadsMeta, { version_key: '25.3.1' })).data.platforms.map((p) => p.platform_id)).toEqual([
      'windows_x86_64',
    ]);
  });

  it('a name for another platform field is refused', async () => {
    const res = await admin.call(adminPatchDownload, {
      target_version_key: '25.3.1',
      file_linux_x86_64_rpm: 'cometd-25.3.1-windows-x86_64.exe',
    });
    expect(res).toMatchObject({ code: 400, data: { fields: { file_linux_x86_64_rpm: DOWNLOAD_MESSAGES.fileName } } });
  });
});

describe('what customers see', () => {
  beforeAll(async () => {
    for (const [v, pre] of [
      ['26.1.0', false],
      ['26.2.0', true],
      ['26.10.0', false],
    ] as const) {
      ok(await admin.call(adminCreateDownload, { target_version_key: v, is_prerelease: pre, is_hidden: false }));
      const f = `cometd-${v}-linux-x86_64.tar.gz`;
      await upload(v, f, Buffer.from(v));
      ok(await admin.call(adminPatchDownload, { target_version_key: v, file_linux_x86_64_tar: f }));
    }
    ok(await admin.call(adminPatchDownload, { target_version_key: '26.10.0', is_hidden: true }));
  });

  it('lists visible versions newest first by number; a hidden one answers as a missing one everywhere', async () => {
    const rows = ok(await customer.call(listDownloads, {})).data.rows;
    expect(rows.map((r) => r.version).slice(0, 2)).toEqual(['26.2.0', '26.1.0']);
    expect(rows.find((r) => r.version === '26.2.0')?.is_prerelease).toBe(true);
    const hidden = await customer.call(downloadsMeta, { version_key: '26.10.0' });
    const missing = await customer.call(downloadsMeta, { version_key: '99.9.9' });
    expect(hidden).toEqual(missing);
    const hiddenFile = await customer.get(downloadCometUrl('26.10.0', 'linux_x86_64_tar'));
    const missingFile = await customer.get(downloadCometUrl('99.9.9', 'linux_x86_64_tar'));
    expect([hiddenFile.statusCode, hiddenFile.body]).toEqual([missingFile.statusCode, missingFile.body]);
    expect(ok(await admin.call(adminListDownloadsAll, {})).data.rows[0]?.version_key).toBe('26.10.0');
    expect(ok(await customer.call(listDownloads, { target_search_query: '26.1' })).data.rows.map((r) => r.version)).toEqual(['26.1.0']);
  });

  it('the download link needs a session', async () => {
    expect((await new TestClient(t.app).get(downloadCometUrl('26.1.0', 'linux_x86_64_tar'))).statusCode).toBe(401);
  });
});

describe('/create_server page data', () => {
  async function newCustomer() {
    const user = (await newCompany(t.db, { current_state: 'ACTIVE' })).user.id;
    return new TestClient(t.app).useSession(t.db, t.clock, user);
  }

  it('says whether the company has downloaded an installer, counting a download from its first byte only, and names the newest stable version', async () => {
    const first = await newCustomer();
    const other = await newCustomer();
    // 26.10.0 is hidden and 26.2.0 a prerelease (above).
    expect(ok(await first.call(createServerPage, {})).data).toEqual({ server_downloaded: false, server_latest_version: '26.1.0' });
    const url = downloadCometUrl('26.1.0', 'linux_x86_64_tar');
    const resumed = await first.app.inject({ method: 'GET', url, cookies: first.cookies, headers: { range: 'bytes=2-' } });
    expect(resumed.statusCode).toBe(206);
    expect(ok(await first.call(createServerPage, {})).data.server_downloaded).toBe(false);
    expect((await first.get(url)).statusCode).toBe(200);
    expect(ok(await first.call(createServerPage, {})).data.server_downloaded).toBe(true);
    expect(ok(await other.call(createServerPage, {})).data.server_downloaded).toBe(false);
  });

  it('is for customers', async () => {
    expect(await admin.call(createServerPage, {})).toMatchObject({ code: 403 });
  });
});
