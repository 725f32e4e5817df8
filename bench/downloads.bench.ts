/**
 * Benchmark of installer downloads (issue 13): a 1 GB installer served by GET download_comet from the local
 * object storage, against `cat` of the same file; target ≥ 80% of cat's speed, with the server's memory
 * constant (its peak RSS, VmHWM, reported before and after the downloads).
 *
 *   npx tsx bench/downloads.bench.ts          # from the repository root
 *
 * The file is made in /tmp (BENCH_DIR, default /tmp/bench-downloads) and never enters the repository. It is
 * uploaded through the real path: create_download, a presigned PUT, patch_download (which hashes it). The
 * server runs in its own process on PGlite with the demo world (it signs in as the demo admin).
 *
 * Environment: BENCH_BYTES (default 1 GiB), BENCH_RUNS (default 3; the best run of each side counts).
 * Exits 0 whether or not the target is met: a report, not a gate.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { login, postJson } from './lib/server.ts';

const BYTES = Number(process.env.BENCH_BYTES || 1024 ** 3);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const DIR = process.env.BENCH_DIR || '/tmp/bench-downloads';
const TARGET_RATIO = 0.8;
const VERSION = '99.0.1';
const NAME = `cometd-${VERSION}-linux-x86_64.tar.gz`;
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/downloads.json');
const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

/** A file of random bytes (a 16 MiB random block repeated), made once per size. */
function makeInstaller(file: string): void {
  if (fs.existsSync(file) && fs.statSync(file).size === BYTES) return;
  const block = randomBytes(16 * 1024 * 1024);
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < BYTES; ) {
    const n = Math.min(block.length, BYTES - written);
    fs.writeSync(fd, block, 0, n);
    written += n;
  }
  fs.closeSync(fd);
}

/** One timing of a command, run without blocking this process (the server's RSS is sampled meanwhile). */
async function timed(label: string, args: string[]): Promise<number> {
  const start = performance.now();
  const child = spawn(args[0] ?? '', args.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${label} failed (${code}): ${err}`);
  return performance.now() - start;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The process's peak and current resident memory in MB, from /proc. */
function memoryOf(pid: number): { peak_rss_mb: number; rss_mb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peak_rss_mb: Math.round(kb('VmHWM') / 1024), rss_mb: Math.round(kb('VmRSS') / 1024) };
}

/** The best of `runs` timings of a command that reads the whole file to /dev/null. */
function bestOf(label: string, args: string[], runs = RUNS): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const out = spawnSync(args[0] ?? '', args.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = performance.now() - start;
    if (out.status !== 0) throw new Error(`${label} failed: ${out.stderr?.toString()}`);
    best = Math.min(best, ms);
  }
  return best;
}

/**
 * Two reference servers on loopback for the same file, so the portal's speed can be told apart from what TCP over
 * loopback and curl cost on this machine: a bare Node server piping createReadStream into the response (what
 * any Node HTTP server can do), and the kernel's sendfile(2) from a tiny Python server (no copy through user
 * space on the server side: the ceiling for any server). Each answers every GET with the whole file.
 */
const NODE_REFERENCE = `
const http = require('node:http'); const fs = require('node:fs');
const [file, port] = process.argv.slice(1); const size = fs.statSync(file).size;
http.createServer((req, res) => {
  res.writeHead(200, { 'content-length': size, 'content-type': 'application/octet-stream' });
  fs.createReadStream(file, { highWaterMark: 4 << 20 }).pipe(res);
}).listen(Number(port), '127.0.0.1');`;
const SENDFILE_REFERENCE = `
import os, socket, sys
path, port = sys.argv[1], int(sys.argv[2]); size = os.path.getsize(path)
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', port)); s.listen(8)
while True:
    c, _ = s.accept()
    try:
        if c.recv(65536):
            c.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Length: %d\\r\\nConnection: close\\r\\n\\r\\n' % size)
            with open(path, 'rb') as f: c.sendfile(f)
    except OSError:
        pass
    c.close()`;

/** Starts a reference server and waits until it answers; null when its runtime is missing. */
async function startReference(cmd: string, args: string[]): Promise<{ url: string; stop(): void } | null> {
  const port = await freePort();
  const child = spawn(cmd, [...args, String(port)], { stdio: 'ignore' });
  const failed = new Promise<null>((resolve) => child.once('error', () => resolve(null)));
  for (let i = 0; i < 50; i++) {
    const up = await Promise.race([
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      }),
      failed.then(() => false),
    ]);
    if (up) return { url: `http://127.0.0.1:${port}/`, stop: () => void child.kill('SIGTERM') };
    if (child.exitCode !== null) return null;
    await sleep(100);
  }
  child.kill('SIGKILL');
  return null;
}

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, 'installer.bin');
  makeInstaller(file);
  const dataDir = fs.mkdtempSync(path.join(DIR, 'run-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      // Not production: production wants an https PUBLIC_URL, and the signed links must name this loopback origin.
      NODE_ENV: 'development',
      APP_SECRET: randomBytes(24).toString('base64url'),
      COOKIE_SECURE: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(dataDir, 'data'),
      OBJECT_STORAGE_DIR: path.join(dataDir, 'objects'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('server not ready in 120 s');
      if (
        await fetch(`${origin}/readyz`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await sleep(200);
    }
    const pid = child.pid ?? 0;
    const session = await login(origin, 'admin@example.com', 'demo-password');
    const call = async (p: string, body: unknown) => {
      const res = await postJson(`${origin}${p}`, body, session.headers);
      const json = (await res.json()) as { status: string; data: Record<string, unknown>; message?: string };
      if (json.status !== 'ok') throw new Error(`${p}: ${json.message} ${JSON.stringify(json.data)}`);
      return json.data;
    };
    const atStart = memoryOf(pid);
    await call('/api/v1/admin/create_download', { target_version_key: VERSION, is_hidden: false });
    const signed = await call('/api/v1/admin/create_download_presigned_url', { target_version_key: VERSION, target_path: NAME });
    const uploadStart = performance.now();
    const put = await fetch(String(signed.url), {
      method: 'PUT',
      headers: { 'content-length': String(BYTES) },
      body: Readable.toWeb(fs.createReadStream(file, { highWaterMark: 1 << 20 })) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (!put.ok) throw new Error(`upload answered ${put.status}: ${await put.text()}`);
    const uploadMs = performance.now() - uploadStart;
    const attachStart = performance.now();
    await call('/api/v1/admin/patch_download', { target_version_key: VERSION, file_linux_x86_64_tar: NAME });
    const attachMs = performance.now() - attachStart;
    const afterUpload = memoryOf(pid);

    const url = `${origin}/api/v1/downloads/download_comet?version_key=${VERSION}&platform=linux_x86_64_tar`;
    const curl = (target: string, headers: string[] = []) => ['curl', '-sf', '-o', '/dev/null', ...headers, target];
    const nodeRef = await startReference(process.execPath, ['-e', NODE_REFERENCE, file]);
    const sendfileRef = await startReference('python3', ['-c', SENDFILE_REFERENCE, file]);
    // Interleaved rounds, so a burst of other work on the machine falls on every side alike; the best of each counts.
    const best = { cat: Infinity, portal: Infinity, node: Infinity, sendfile: Infinity };
    let peakDuringDownloads = 0;
    for (let round = 0; round < RUNS; round++) {
      best.cat = Math.min(best.cat, bestOf('cat', ['sh', '-c', `cat '${file}' > /dev/null`], 1));
      const sampler = setInterval(() => {
        peakDuringDownloads = Math.max(peakDuringDownloads, memoryOf(pid).rss_mb);
      }, 50);
      try {
        best.portal = Math.min(best.portal, await timed('portal', curl(url, ['-H', `cookie: ${session.headers.cookie}`])));
      } finally {
        clearInterval(sampler);
      }
      if (nodeRef) best.node = Math.min(best.node, bestOf('node reference', curl(nodeRef.url), 1));
      if (sendfileRef) best.sendfile = Math.min(best.sendfile, bestOf('sendfile reference', curl(sendfileRef.url), 1));
    }
    nodeRef?.stop();
    sendfileRef?.stop();
    const catMs = best.cat;
    const curlMs = best.portal;
    const afterDownload = memoryOf(pid);
    // The download's bytes: checked once, so a short answer cannot pass as fast.
    const sized = spawnSync('curl', ['-sf', '-o', '/dev/null', '-w', '%{size_download}', '-H', `cookie: ${session.headers.cookie}`, url]);
    const downloaded = Number(sized.stdout.toString());
    const side = (ms: number) =>
      Number.isFinite(ms)
        ? {
            ms: Math.round(ms),
            mb_per_s: Math.round(mbps(BYTES, ms)),
            ratio_to_cat: Number((catMs / ms).toFixed(3)),
            portal_ratio: Number((ms / curlMs).toFixed(3)),
          }
        : null;

    const results = {
      bytes: BYTES,
      runs: RUNS,
      cat: { ms: Math.round(catMs), mb_per_s: Math.round(mbps(BYTES, catMs)) },
      client: 'curl -o /dev/null (C; the bytes go nowhere, as with cat)',
      download: { ms: Math.round(curlMs), mb_per_s: Math.round(mbps(BYTES, curlMs)), bytes_received: downloaded },
      // The same file over loopback to the same curl: portal_ratio is the reference's time over the portal's.
      reference_node_pipe: side(best.node),
      reference_sendfile: side(best.sendfile),
      ratio: Number((catMs / curlMs).toFixed(3)),
      target_ratio: TARGET_RATIO,
      met: catMs / curlMs >= TARGET_RATIO && downloaded === BYTES,
      upload: { ms: Math.round(uploadMs), mb_per_s: Math.round(mbps(BYTES, uploadMs)), attach_and_hash_ms: Math.round(attachMs) },
      server_memory_before_upload: atStart,
      server_memory_after_upload: afterUpload,
      server_memory_after_downloads: afterDownload,
      server_rss_peak_sampled_during_downloads_mb: peakDuringDownloads,
      cpus: spawnSync('nproc').stdout.toString().trim(),
      at: new Date().toISOString(),
    };
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    child.kill('SIGTERM');
    await sleep(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
