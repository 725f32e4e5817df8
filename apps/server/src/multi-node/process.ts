import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A real server process (main.ts, as `npm run dev` runs it) on its own port, with `env` over the test settings;
 * resolves once it says it is ready, and rejects with its output if it exits first.
 */
export async function startProcess(
  url: string,
  env: Record<string, string> = {},
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
      ...env,
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
