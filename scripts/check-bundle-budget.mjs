// The JavaScript budget of the web app (issue 10): each route's figure is the gzip size (level 9) of the
// JavaScript a first visit to it needs — the entry chunk and its static imports, plus the lazy chunks the
// route and its parent layouts load (every `import('…')` in their eager route files: the `.lazy` component
// and any loader helper) and their static imports. Chunks a page imports later on demand (a QR code, the
// bot check) are not counted: they load only when used. Read from the build's manifest
// (apps/web/dist/.vite/manifest.json, `build.manifest: true`) and, for a module merged into a shared chunk,
// the chunks' (hidden) source maps.
//
//   node scripts/check-bundle-budget.mjs [--dist apps/web/dist]
//
// Exits 1, after printing every route's figure, when /login needs more than its budget or any route more
// than 300 kB (kB = 1,000 bytes, as Vite prints them).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 10's budget: 150 kB for /login, 300 kB for any route. */
export const TARGETS = { login: 150_000, route: 300_000 };
/**
 * What the check enforces. /login needs 144 kB today: react-dom 62, Mantine 23, the TanStack router 24 and query 10
 * are about 120 kB of it; zod is no longer in it (docs/decisions/0025). The budget is the target itself: every new
 * route adds about 0.2 kB of route definitions to the first load, so a tighter ratchet would fail the next domain's
 * screens for bytes they cannot move; see docs/decisions/0018-javascript-budget.md.
 */
export const BUDGETS = { login: TARGETS.login, route: TARGETS.route };
const LOGIN_PATH = '/login';

/**
 * The routes of `routesDir` (apps/web/src/app/routes): for each eager route file, its path (none for a
 * pathless layout), its parent's file and the modules it imports dynamically, as manifest keys (paths
 * relative to `webRoot`).
 */
export function readRoutes(webRoot, routesDir = path.join(webRoot, 'src/app/routes')) {
  const files = fs
    .readdirSync(routesDir)
    .filter((name) => /\.tsx?$/.test(name) && !/\.lazy\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  const routes = new Map();
  for (const name of files) {
    const file = path.join(routesDir, name);
    const source = fs.readFileSync(file, 'utf8');
    const imports = new Map();
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
      for (const binding of match[1].split(',')) {
        const local = binding
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (local) imports.set(local, match[2]);
      }
    }
    const parentName = source.match(/getParentRoute:\s*\(\)\s*=>\s*(\w+)/)?.[1];
    const parentSpec = parentName ? imports.get(parentName) : undefined;
    routes.set(file, {
      file,
      path: source.match(/\bpath:\s*'([^']+)'/)?.[1],
      parent: parentSpec ? resolveModule(path.dirname(file), parentSpec) : undefined,
      dynamic: [...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => toKey(webRoot, resolveModule(path.dirname(file), m[1]))),
    });
  }
  return [...routes.values()]
    .filter((route) => route.path)
    .map((route) => {
      const lazy = [...route.dynamic];
      const seen = new Set([route.file]);
      for (let parent = routes.get(route.parent); parent && !seen.has(parent.file); parent = routes.get(parent.parent)) {
        seen.add(parent.file);
        lazy.push(...parent.dynamic);
      }
      return { path: route.path, lazy };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

function resolveModule(dir, spec) {
  const base = path.resolve(dir, spec);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${spec} from ${dir}`);
}

function toKey(webRoot, file) {
  return path.relative(webRoot, file).split(path.sep).join('/');
}

/** The files a manifest chunk needs at once: itself and its static imports, transitively. */
function closure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * Each route's JavaScript: [{ path, files, bytes }], `sizeOf(file)` giving a file's gzip size. A module the
 * bundler merged into a shared chunk has no manifest key of its own; `chunkOf(key)` names the manifest key of
 * the chunk that holds it.
 */
export function routeFigures(manifest, routes, sizeOf, chunkOf = () => undefined) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const entryFiles = closure(manifest, entries[0]);
  return routes.map((route) => {
    const files = new Set(entryFiles);
    for (const key of route.lazy) closure(manifest, manifest[key] ? key : (chunkOf(key) ?? key), files);
    const js = [...files].filter((file) => file.endsWith('.js'));
    return { path: route.path, files: js, bytes: js.reduce((sum, file) => sum + sizeOf(file), 0) };
  });
}

/** What breaks the budget, one line each; empty when every route fits. */
export function overBudget(figures, budgets = BUDGETS) {
  const problems = [];
  for (const { path: route, bytes } of figures) {
    const limit = route === LOGIN_PATH ? budgets.login : budgets.route;
    if (bytes > limit) problems.push(`${route} needs ${kB(bytes)} kB of JavaScript (gzip), over its budget of ${kB(limit)} kB`);
  }
  if (!figures.some((figure) => figure.path === LOGIN_PATH)) problems.push(`no ${LOGIN_PATH} route was found`);
  return problems;
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

export function formatTable(figures, budgets = BUDGETS) {
  const rows = figures.map(({ path: route, files, bytes }) => {
    const limit = route === LOGIN_PATH ? budgets.login : budgets.route;
    return [route, String(files.length), kB(bytes), kB(limit), bytes > limit ? 'OVER' : 'ok'];
  });
  const head = ['route', 'js files', 'gzip kB', 'budget kB', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** Finds a module's chunk by the sources its source map lists (the build writes hidden maps). */
function chunkFinder(manifest, webRoot, dist) {
  let byModule;
  return (key) => {
    if (!byModule) {
      byModule = new Map();
      for (const [chunkKey, chunk] of Object.entries(manifest)) {
        const mapFile = path.join(dist, `${chunk.file}.map`);
        if (!chunk.file.endsWith('.js') || !fs.existsSync(mapFile)) continue;
        const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
        const base = path.dirname(mapFile);
        for (const source of map.sources ?? []) byModule.set(path.resolve(base, map.sourceRoot ?? '', source), chunkKey);
      }
    }
    return byModule.get(path.resolve(webRoot, key));
  };
}

/** Reads the build in `dist` and the routes of `webRoot`; prints the table; returns the problems. */
export function checkBundleBudget({ webRoot, dist, budgets = BUDGETS, log = console.log }) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest on`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  const figures = routeFigures(manifest, readRoutes(webRoot), sizeOf, chunkFinder(manifest, webRoot, dist));
  log(formatTable(figures, budgets));
  return overBudget(figures, budgets);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const webRoot = path.join(repo, 'apps/web');
  const distFlag = process.argv.indexOf('--dist');
  const dist = distFlag > 0 ? path.resolve(process.argv[distFlag + 1]) : path.join(webRoot, 'dist');
  try {
    const problems = checkBundleBudget({ webRoot, dist });
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exit(1);
    console.log('Bundle budget: every route fits.');
  } catch (error) {
    console.error(`Bundle budget: ${error.message}`);
    process.exit(1);
  }
}
