import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminDescribeDownload,
  adminPatchDownload,
  DOWNLOAD_MESSAGES,
} from '@portal/contract/downloads/downloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, ok, parallelClients } from '../../test/harness.ts';

const N = 8;

/** Downloads' read-then-write paths, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('download calls under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let root: string;
  let adminUserId: number;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'downloads-races-'));
    t = await createTestContext({ OBJECT_STORAGE_DIR: root });
    adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('creates a version once: the other tries are told it exists', async () => {
    const clients = await parallelClients(t, N, adminUserId);
    const answers = await Promise.all(clients.map((c) => c.call(adminCreateDownload, { target_version_key: '30.1.1' })));
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400))
      expect(refused.data).toMatchObject({ fields: { target_version_key: DOWNLOAD_MESSAGES.exists } });
  });

  it('parallel patches attaching uploads of one platform leave exactly one file for it', async () => {
    const clients = await parallelClients(t, N, adminUserId);
    const [first] = clients;
    if (!first) throw new Error('no client');
    ok(await first.call(adminCreateDownload, { target_version_key: '30.2.0' }));
    const name = 'cometd-30.2.0-windows-x86_64.exe';
    for (let i = 0; i < 2; i++) {
      const signed = ok(await first.call(adminCreateDownloadPresignedUrl, { target_version_key: '30.2.0', target_path: name })).data;
      const u = new URL(signed.url);
      const put = await t.app.inject({ method: 'PUT', url: u.pathname + u.search, payload: Buffer.from(`build ${i}`) });
      expect(put.statusCode).toBe(200);
    }
    const answers = await Promise.all(
      clients.map((c, i) => c.call(adminPatchDownload, { target_version_key: '30.2.0', file_windows_x86_64: name, codename: `C${i}` })),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(N).fill(200));
    const described = ok(await first.call(adminDescribeDownload, { version_key: '30.2.0' })).data;
    expect(described.platforms.map((p) => [p.platform_id, p.filesize_bytes])).toEqual([['windows_x86_64', 'build 1'.length]]);
  });
});
