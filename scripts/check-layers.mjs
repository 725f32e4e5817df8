// The layering rules of ARCHITECTURE.md, checked on every import:
// web: shared code (lib, components) -> features -> app; no feature imports another feature.
// server: a domain reaches another domain only through its service.ts; platform knows no domain
// (its table and schema lists excepted); the contract package imports nothing from the apps.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const problems = [];

function* files(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* files(full);
    } else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function imports(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(importRe)].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.'));
}

const rel = (p) => path.relative(root, p).split(path.sep).join('/');

function check(dir, rule) {
  for (const file of files(path.join(root, dir))) {
    for (const spec of imports(file)) {
      const target = rel(path.resolve(path.dirname(file), spec));
      const why = rule(rel(file), target);
      if (why) problems.push(`${rel(file)} imports ${spec}: ${why}`);
    }
  }
}

const part = (p, base) => (p.startsWith(base) ? p.slice(base.length).split('/')[0] : null);

check('apps/web/src', (from, to) => {
  const web = 'apps/web/src/';
  const fromLayer = part(from, web);
  const toLayer = part(to, web);
  if ((fromLayer === 'lib' || fromLayer === 'components') && (toLayer === 'features' || toLayer === 'app')) {
    return 'shared code may not depend on features or the app';
  }
  if (fromLayer === 'features') {
    if (toLayer === 'app') return 'features may not depend on the app';
    const a = part(from, `${web}features/`);
    const b = part(to, `${web}features/`);
    if (b && a !== b) return `feature ${a} may not import feature ${b}`;
  }
  return null;
});

check('apps/server/src', (from, to) => {
  const src = 'apps/server/src/';
  if (from.startsWith(`${src}platform/`) && to.startsWith(`${src}domains/`)) {
    if (/platform\/(tables|schema)\.ts$/.test(from)) return null;
    return 'platform may not depend on a domain';
  }
  const a = part(from, `${src}domains/`);
  const b = part(to, `${src}domains/`);
  if (
    a &&
    b &&
    a !== b &&
    !from.endsWith('.test.ts') &&
    !/\/service(\.ts)?$/.test(to) &&
    !(from.endsWith('/tables.ts') && to.endsWith('/tables.ts'))
  ) {
    return `domain ${a} may reach domain ${b} only through its service`;
  }
  return null;
});

check('packages/contract/src', (_from, to) => (to.startsWith('apps/') ? 'the contract may not import app code' : null));

if (problems.length) {
  console.error(`Layering rules broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Layering rules hold.');
