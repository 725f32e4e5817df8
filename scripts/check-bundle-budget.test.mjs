// Tests for scripts/check-bundle-budget.mjs: each test writes a small web app (route files) and a build (a Vite
// manifest and chunk files) in a temp dir and checks the figures and the verdict.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { BUDGETS, checkBundleBudget, readRoutes, TARGETS } from './check-bundle-budget.mjs';

const dirs = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const ROUTES = {
  'root.tsx': `import { createRootRoute } from '@tanstack/react-router';\nexport const rootRoute = createRootRoute({});\n`,
  'public.tsx': `import { rootRoute } from './root';\nexport const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public' });\n`,
  'signed-in.tsx': [
    `import { rootRoute } from './root';`,
    `export const signedInRoute = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in' })`,
    `  .lazy(() => import('./signed-in.lazy').then((m) => m.Route));`,
  ].join('\n'),
  'signed-in.lazy.tsx': 'export const Route = 1;\n',
  'login.tsx': [
    `import { publicRoute } from './public';`,
    `export const loginRoute = createRoute({ getParentRoute: () => publicRoute, path: '/login' })`,
    `  .lazy(() => import('./login.lazy').then((m) => m.Route));`,
  ].join('\n'),
  'login.lazy.tsx': 'export const Route = 1;\n',
  'dashboard.tsx': [
    `import { signedInRoute } from './signed-in';`,
    `export const dashboardRoute = createRoute({`,
    `  getParentRoute: () => signedInRoute,`,
    `  path: '/dashboard',`,
    `  loader: async () => (await import('../page-helpers')).first(),`,
    `}).lazy(() => import('./dashboard.lazy').then((m) => m.Route));`,
  ].join('\n'),
  'dashboard.lazy.tsx': 'export const Route = 1;\n',
};

/** Random bytes barely compress, so a chunk of n bytes weighs about n bytes gzip. */
function makeApp(sizes) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  dirs.push(root);
  const routesDir = path.join(root, 'web/src/app/routes');
  fs.mkdirSync(routesDir, { recursive: true });
  for (const [name, text] of Object.entries(ROUTES)) fs.writeFileSync(path.join(routesDir, name), text);
  fs.writeFileSync(path.join(root, 'web/src/app/page-helpers.ts'), 'export const first = () => 1;\n');
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, '.vite'));
  for (const [file, size] of Object.entries(sizes)) fs.writeFileSync(path.join(dist, 'assets', file), randomBytes(size));
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_forms.js': { file: 'assets/forms.js', imports: ['_vendor.js'] },
    'src/app/routes/login.lazy.tsx': { file: 'assets/login.lazy.js', isDynamicEntry: true, imports: ['_forms.js'] },
    'src/app/routes/signed-in.lazy.tsx': { file: 'assets/signed-in.lazy.js', isDynamicEntry: true },
    'src/app/routes/dashboard.lazy.tsx': { file: 'assets/dashboard.lazy.js', isDynamicEntry: true, imports: ['_table.js'] },
    'src/app/page-helpers.ts': { file: 'assets/page-helpers.js', isDynamicEntry: true, imports: ['_table.js'] },
    '_table.js': { file: 'assets/table.js' },
  };
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return { webRoot: path.join(root, 'web'), dist };
}

const SMALL = {
  'index.js': 30_000,
  'vendor.js': 40_000,
  'forms.js': 10_000,
  'login.lazy.js': 5_000,
  'signed-in.lazy.js': 8_000,
  'dashboard.lazy.js': 6_000,
  'page-helpers.js': 2_000,
  'table.js': 50_000,
};

function run(sizes) {
  const lines = [];
  const problems = checkBundleBudget({ ...makeApp(sizes), budgets: TARGETS, log: (text) => lines.push(text) });
  const figure = (route) => {
    const row = lines
      .join('\n')
      .split('\n')
      .find((line) => line.startsWith(`${route} `));
    return Number(row?.trim().split(/\s+/)[2]);
  };
  return { problems, table: lines.join('\n'), figure };
}

describe('check-bundle-budget', () => {
  test('maps each route with a path to its lazy files and those of its parent layouts', () => {
    const { webRoot } = makeApp(SMALL);
    assert.deepEqual(readRoutes(webRoot), [
      { path: '/dashboard', lazy: ['src/app/page-helpers.ts', 'src/app/routes/dashboard.lazy.tsx', 'src/app/routes/signed-in.lazy.tsx'] },
      { path: '/login', lazy: ['src/app/routes/login.lazy.tsx'] },
    ]);
  });

  test('passes a small build and prints every route with its figure', () => {
    const { problems, figure } = run(SMALL);
    assert.deepEqual(problems, []);
    // entry + vendor + forms + login.lazy, each file counted once.
    assert.ok(Math.abs(figure('/login') - 85) < 1, `login ${figure('/login')}`);
    // entry + vendor + signed-in.lazy + dashboard.lazy + page-helpers + table (shared, counted once).
    assert.ok(Math.abs(figure('/dashboard') - 136) < 1, `dashboard ${figure('/dashboard')}`);
  });

  test('fails when /login needs more than 150 kB', () => {
    const { problems, table } = run({ ...SMALL, 'forms.js': 90_000 });
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^\/login needs 165\.\d kB .* budget of 150\.0 kB$/);
    assert.match(table, /\/login .* OVER/);
  });

  test('fails when any other route needs more than 300 kB', () => {
    const { problems } = run({ ...SMALL, 'table.js': 250_000 });
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^\/dashboard needs 336\.\d kB/);
  });

  test('fails, rather than under-counting, when a lazy file is missing from the manifest', () => {
    const app = makeApp(SMALL);
    const manifestFile = path.join(app.dist, '.vite/manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    delete manifest['src/app/routes/login.lazy.tsx'];
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    assert.throws(() => checkBundleBudget({ ...app, log: () => {} }), /login\.lazy\.tsx is not in the build manifest/);
  });
});

describe('the enforced budget', () => {
  test('never lets /login or any route above the target', () => {
    assert.ok(BUDGETS.login <= TARGETS.login, 'never raise the /login budget above its target');
    assert.ok(TARGETS.login <= 150_000);
    assert.equal(BUDGETS.route, TARGETS.route);
  });
});
