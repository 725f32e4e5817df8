import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The server that runs: this checkout's, or BENCH_SERVER_DIR's (say an exported commit, to measure it while the
 * working tree holds unfinished changes, or to compare two commits on one database).
 */
const SERVER_DIR = process.env.BENCH_SERVER_DIR
  ? path.resolve(process.env.BENCH_SERVER_DIR)
  : path.resolve(import.meta.dirname, '../../apps/server');

export interface RunningServer {
  origin: string;
  pid: number | undefined;
  stop(): Promise<void>;
  /** Immediate SIGKILL, for a last-resort exit path. */
  kill(): void;
}

/** A port nobody listens on right now (the kernel picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts apps/server/src/main.ts in its own Node process (so the load generator and the server
 * do not share an event loop), on 127.0.0.1 and a free port, and waits for /readyz.
 */
export async function startServer(databaseUrl: string, opts: { nodeArgs?: string[]; timeoutMs?: number } = {}): Promise<RunningServer> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // What production asks for (decision 0077): throwaway secrets per run, an https address the calls measured
      // never link to, and migrating at start as before, since the server measured may be another tree's.
      APP_SECRET: randomBytes(24).toString('base64url'),
      SEALING_KEY: randomBytes(24).toString('base64url'),
      PUBLIC_URL: 'https://portal.example.com',
      MIGRATE_ON_START: 'true',
      COOKIE_SECURE: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const done = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      await exited(child);
    }
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with code ${child.exitCode} before it was ready:\n${stderr}`);
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { origin, pid: child.pid, stop, kill: () => void child.kill('SIGKILL') };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`Server was not ready within ${timeoutMs / 1000} s:\n${stderr}`);
}

export interface Session {
  /** Headers every signed-in call sends: the cookies and the CSRF token echoed back. */
  headers: Record<string, string>;
}

function cookieValue(setCookies: string[], name: string): string | undefined {
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** Signs in as the demo admin the way the web app does: the email step, then the password step. */
export async function login(origin: string, email: string, password: string): Promise<Session> {
  const url = `${origin}/api/v1/user/login`;
  const first = await postJson(url, { target_type: 'email', target_user: email });
  if (!first.ok) throw new Error(`login (email step) answered ${first.status}: ${await first.text()}`);
  const second = await postJson(url, { target_type: 'password', target_user: email, target_password: password });
  if (!second.ok) throw new Error(`login (password step) answered ${second.status}: ${await second.text()}`);
  const setCookies = second.headers.getSetCookie();
  const session = cookieValue(setCookies, 'portal_session');
  const csrf = cookieValue(setCookies, 'portal_csrf');
  if (!session || !csrf) throw new Error('login did not set portal_session and portal_csrf');
  return { headers: { cookie: `portal_session=${session}; portal_csrf=${csrf}`, 'x-csrf-token': csrf } };
}

export { postJson };
