import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { ON_POSTGRES, TEST_PASSWORD, newCompany } from '../test/harness.ts';
import { BrowserBehindBalancer, cloneDatabase } from './cluster.ts';

if (!ON_POSTGRES) console.log('multi-process suite skipped: several server processes need PostgreSQL (set DATABASE_URL)');

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A real server process (main.ts, as `npm start` runs it) on its own port; resolves once it says it is ready. */
async function startProcess(
  url: string,
): Promise<{ child: ChildProcess; node: { base: string }; exited: Promise<number | null>; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      STORAGE_LOCAL_DIR: 'temporary',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
    },
  });
  let output = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes('Portal ready')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before it was ready:\n${output}`)));
  });
  return { child, node: { base: `http://127.0.0.1:${port}` }, exited, output: () => output };
}

describe.skipIf(!ON_POSTGRES)('two server processes on one database', () => {
  let database: Awaited<ReturnType<typeof cloneDatabase>>;
  let handle: DatabaseHandle;
  const procs: Awaited<ReturnType<typeof startProcess>>[] = [];

  beforeAll(async () => {
    database = await cloneDatabase();
    handle = await openDatabase({ url: database.url });
    procs.push(...(await Promise.all([startProcess(database.url), startProcess(database.url)])));
  }, 120_000);
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await handle?.close();
    await database?.drop();
  });

  it('share a session; SIGTERM drains one (unready first, the other still ready) and it exits cleanly', async () => {
    const [a, b] = procs;
    if (!a || !b) throw new Error('processes not started');
    const { user } = await newCompany(handle.db, { current_state: 'ACTIVE' });
    const browser = new BrowserBehindBalancer('10.18.2.1');
    await browser.post(a.node, '/api/v1/user/login', { target_type: 'email', target_user: user.email });
    const signedIn = await browser.post(a.node, '/api/v1/user/login', {
      target_type: 'password',
      target_user: user.email,
      target_password: TEST_PASSWORD,
    });
    expect(signedIn.json.status).toBe('ok');
    expect((await browser.post(b.node, getAuthContext.path, {})).json.data).toMatchObject({ email: user.email });

    a.child.kill('SIGTERM');
    let readyA = 200;
    for (let i = 0; i < 50 && readyA === 200; i++) readyA = (await fetch(`${a.node.base}/readyz`)).status;
    expect(readyA).toBe(503);
    expect((await fetch(`${b.node.base}/readyz`)).status).toBe(200);
    expect(await a.exited, a.output()).toBe(0);
    // The session lives on with the other node.
    expect((await browser.post(b.node, getAuthContext.path, {})).json.data).toMatchObject({ email: user.email });
  }, 120_000);
});
