// The production image's steps without Docker (decision 0076), so that CI proves the Dockerfile on every run:
// its build stage's COPY and RUN lines in a folder of their own (the repository's files as the build context),
// its runtime stage's COPY lines into another, then, there, the migration command the Dockerfile names and its
// CMD with production's settings: the node must answer /readyz, its HEALTHCHECK and a page, and stop cleanly on
// SIGTERM. With DATABASE_URL it runs on a fresh PostgreSQL database, otherwise on the embedded one.
// Container paths map into each stage's folder; the runtime stage's RUN lines, which only prepare the
// container's own filesystem (DATA_DIR, its owner), are not run: the mapped DATA_DIR is made instead.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-image-'));
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const fail = (message) => {
  throw new Error(message);
};

/** The Dockerfile's instructions per stage, continuation lines joined, comments dropped. */
function stages() {
  const text = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '');
  const result = [];
  for (const line of text.split('\n')) {
    const m = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!m || line.trim().startsWith('#')) continue;
    const [, op, args] = m;
    if (op === 'FROM') result.push({ name: args.split(/\s+AS\s+/i)[1] ?? `stage${result.length}`, steps: [] });
    else result.at(-1)?.steps.push({ op, args });
  }
  return result;
}

/** The build context: the repository's files (what git keeps and does not ignore), less what .dockerignore leaves out. */
function contextFiles() {
  const ignored = fs
    .readFileSync(path.join(REPO, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((glob) =>
      glob
        .replace(/\./g, '\\.')
        .replace(/^\*\*\//, '\0')
        .replace(/\*/g, '[^/]*')
        .replace('\0', '(.*/)?'),
    )
    .map((pattern) => new RegExp(`^${pattern}(/|$)`));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  return [...new Set(listed.split('\0'))].filter((f) => f && fs.existsSync(path.join(REPO, f)) && !ignored.some((re) => re.test(f)));
}

/** COPY: Docker's rules for the cases the Dockerfile uses (files into a folder ending in `/`, a folder's contents into a folder). */
function copy(sources, dest, { root, workdir, fromRoot, context }) {
  const target = path.join(root, path.posix.resolve(workdir, dest));
  for (const source of sources) {
    if (context) {
      const prefix = path.posix.normalize(source).replace(/\/$/, '');
      const files = context.filter((f) => f === prefix || f.startsWith(`${prefix}/`));
      if (!files.length) fail(`COPY ${source}: not in the build context`);
      for (const file of files) {
        const to =
          file === prefix
            ? dest.endsWith('/')
              ? path.join(target, path.basename(file))
              : target
            : path.join(target, file.slice(prefix.length + 1));
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(path.join(REPO, file), to);
      }
    } else {
      const from = path.join(fromRoot, source);
      if (!fs.existsSync(from)) fail(`COPY --from ${source}: the build stage made no such path`);
      const to = fs.statSync(from).isFile() && dest.endsWith('/') ? path.join(target, path.basename(from)) : target;
      // Hard links: the build stage's folder is thrown away after, and copying its packages would take a minute.
      fs.mkdirSync(path.dirname(to), { recursive: true });
      execFileSync('cp', ['-al', from, to]);
    }
  }
}

/** ENV lines as `A=1 B=2`; container paths in values map into the stage's folder. */
function envOf(args, root) {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const [key, value = ''] = pair.split('=');
      return [key, value.startsWith('/') ? path.join(root, value) : value];
    }),
  );
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Builds the stages; answers the runtime stage's folder, working directory, environment and commands. */
function buildImage() {
  const context = contextFiles();
  const roots = {};
  const images = {};
  for (const stage of stages()) {
    const root = path.join(work, stage.name);
    roots[stage.name] = root;
    let workdir = '/';
    const env = {};
    const runtime = { cmd: null, healthcheck: null };
    for (const { op, args } of stage.steps) {
      const at = Date.now();
      if (op === 'WORKDIR') workdir = path.posix.resolve(workdir, args);
      else if (op === 'ENV') Object.assign(env, envOf(args, root));
      else if (op === 'COPY') {
        const words = args.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((w) => !w.startsWith('--'));
        const dest = paths.pop();
        copy(paths, dest, { root, workdir, fromRoot: from && roots[from], context: from ? null : context });
      } else if (op === 'RUN' && stage.name !== 'runtime') {
        // npm install, not npm ci: the registry here lacks the other platforms' optional packages (Biome's), as in .ci/run.
        const command = args.replace(/\bnpm ci\b/, 'npm install --prefer-offline');
        console.log(`[${stage.name}] RUN ${command}`);
        fs.mkdirSync(path.join(root, workdir), { recursive: true });
        const run = spawnSync('sh', ['-c', command], { cwd: path.join(root, workdir), env: { ...process.env, ...env }, stdio: 'inherit' });
        if (run.status !== 0) fail(`[${stage.name}] RUN ${args}: exit ${run.status}`);
        console.log(`[${stage.name}] done in ${seconds(at)}`);
      } else if (op === 'RUN') console.log(`[${stage.name}] RUN ${args}: not run (the container's own filesystem)`);
      else if (op === 'HEALTHCHECK') runtime.healthcheck = args.replace(/^.*?\bCMD\s+/, '');
      else if (op === 'CMD') runtime.cmd = JSON.parse(args);
    }
    images[stage.name] = { root, workdir, env, ...runtime };
  }
  return images.runtime ?? fail('the Dockerfile has no stage named runtime');
}

/** Starts the runtime as the image would and checks what a balancer and a browser ask of it. */
async function runImage(image) {
  const modules = path.join(image.root, 'app/node_modules');
  for (const runner of ['tsx', 'typescript', 'ts-node']) {
    if (fs.existsSync(path.join(modules, runner))) fail(`the runtime stage holds ${runner}: production runs JavaScript with plain node`);
  }

  const cwd = path.join(image.root, image.workdir);
  fs.mkdirSync(image.env.DATA_DIR, { recursive: true });
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    ...image.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'https://portal.example.com',
    APP_SECRET: randomBytes(32).toString('base64'),
    SEALING_KEY: randomBytes(32).toString('base64'),
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
  if (process.env.DATABASE_URL) {
    const fresh = spawnSync(process.execPath, [path.join(REPO, 'scripts/fresh-database.mjs'), 'portal_image_check'], { encoding: 'utf8' });
    if (fresh.status !== 0) fail(`fresh database: ${fresh.stderr}`);
    env.DATABASE_URL = fresh.stdout.trim();
    // The deploy's step, as the Dockerfile's header gives it: `docker run --rm -e DATABASE_URL=... portal npm run migrate`.
    const migrate = spawnSync('npm', ['run', 'migrate'], {
      cwd,
      env: { ...image.env, PATH: env.PATH, DATABASE_URL: env.DATABASE_URL },
      encoding: 'utf8',
    });
    if (migrate.status !== 0 || !migrate.stdout.includes('Migrations applied'))
      fail(`npm run migrate in the image:\n${migrate.stdout}${migrate.stderr}`);
    console.log('[runtime] npm run migrate: migrations applied');
  } else env.EMBEDDED_DATABASE = 'true';

  const at = Date.now();
  const [command, ...args] = image.cmd ?? fail('the runtime stage has no CMD');
  console.log(`[runtime] ${image.cmd.join(' ')} (NODE_ENV=${env.NODE_ENV}, ${env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`);
  const node = spawn(command, args, { cwd, env });
  let output = '';
  node.stdout.on('data', (d) => (output += d));
  node.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => node.on('exit', (code) => resolve(code)));
  try {
    const base = `http://127.0.0.1:${port}`;
    let ready = false;
    const deadline = Date.now() + 180_000;
    while (!ready && node.exitCode === null && Date.now() < deadline) {
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    if (!ready) fail(`the node never answered /readyz:\n${output}`);
    console.log(`[runtime] /readyz answered 200 after ${seconds(at)}`);
    const health = spawnSync('sh', ['-c', image.healthcheck ?? 'false'], { env });
    if (health.status !== 0) fail(`HEALTHCHECK ${image.healthcheck}: exit ${health.status}`);
    const page = await fetch(`${base}/login`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root">')) fail(`/login answered ${page.status}:\n${html.slice(0, 300)}`);
    console.log('[runtime] HEALTHCHECK passed; /login served the web app');
    node.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) fail(`the node exited ${code} on SIGTERM:\n${output}`);
    console.log(`[runtime] stopped cleanly on SIGTERM\nProduction image steps passed in ${seconds(started)}`);
  } finally {
    if (node.exitCode === null) node.kill('SIGKILL');
  }
}

try {
  await runImage(buildImage());
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
