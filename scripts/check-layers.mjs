// The layering rules of ARCHITECTURE.md, checked on every import (part of `npm run lint`).
//
// Server (apps/server/src, tests included):
//   1. ranks: a domain imports only domains of a lower rank; the ranks are read from the table between
//      <!-- domain-ranks:start --> and <!-- domain-ranks:end --> in ARCHITECTURE.md, the one source of truth;
//   2. another domain is reached only through its service.ts (a tables.ts may import a tables.ts: foreign keys);
//   3. no circles between domains (reported on its own, even though rule 1 already rules them out);
//   4. a domain owns its tables: no schema lists, no other domain's tables.ts, no raw SQL writing them;
//   5. SQL lives in queries.ts (or a queries/ folder) and tables.ts only;
//   6. the platform (rank 0, apps/server/src/platform) knows no domain;
//   7. a domain's service.ts is its one public API, and every value it exports is `fn(ctx, input)`: a function
//      declared there whose first parameter is `ctx`, typed with a context (CallContext, PublicContext,
//      MailContext, Pick<CallContext, ...> or another *Context alias), and at most one more, the input, one
//      object (a type literal or a named type, never a primitive or Database); no parameter `db` or type
//      Database anywhere in its signature; no value re-exports; constants only UPPER_SNAKE_CASE literals.
//      Type exports are free. A domain's routes.ts, jobs.ts and wiring.ts (route installers, scheduled jobs,
//      wiring that runs before a call context exists) are for the composition root (app.ts, handlers.ts, the
//      job list, seed, tests), never for another domain (rule 2 already says so; the message names it);
//   8. no raw routes: a domain file registers no route on a Fastify instance itself; every entry point is declared
//      in the contract and registered through platform/handle.ts or platform/entry.ts (docs/decisions/0098).
// Web (apps/web/src): shared code (lib, components) -> features -> app; a feature reaches another feature only
// through that feature's api/ folder.
// Contract (packages/contract/src): imports nothing from the apps.
//
// `checkLayers(root)` returns the problems as strings so the tests can run it on fixture trees; run directly,
// it checks this repository.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

const SERVER = 'apps/server/src/';
const DOMAINS = `${SERVER}domains/`;
const PLATFORM = 'platform';
const APP_SCHEMA = `${SERVER}schema.ts`;
const WEB = 'apps/web/src/';
const CONTRACT = 'packages/contract/src/';
const RANKS_START = '<!-- domain-ranks:start -->';
const RANKS_END = '<!-- domain-ranks:end -->';

// Workspace packages, mapped to folders so `@portal/contract/x` is matched like a relative import of the contract
// (its package.json exports "./*" from "./src/*.ts").
const WORKSPACE_PACKAGES = { '@portal/contract': 'packages/contract/src', '@portal/server': 'apps/server', '@portal/web': 'apps/web' };

/**
 * `options.apiOf`, a list of domains, limits rule 7 to them (for checking one domain's progress by hand); the
 * other rules, and rule 7 without the option, look at every domain.
 */
export function checkLayers(root, options = {}) {
  const problems = [];
  const ranks = readRanks(root, problems);
  const server = loadSources(root, SERVER);
  checkRankTable(root, ranks, problems);
  checkImports(server, (from, to) => serverImportReasons(from, to, ranks), problems);
  checkTableWrites(server, problems);
  checkSqlPlacement(server, problems);
  checkCircles(server, problems);
  checkModuleMocks(server, problems);
  checkServiceApis(server, options.apiOf ?? null, problems);
  checkRawRoutes(server, problems);
  checkImports(loadSources(root, WEB), webReasons, problems);
  checkImports(loadSources(root, CONTRACT), contractReasons, problems);
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The rank table in ARCHITECTURE.md

/** Reads `| 0 | \`platform\` | ... |` rows into a Map(domain -> rank); null when the table is missing. */
function readRanks(root, problems) {
  const file = path.join(root, 'ARCHITECTURE.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = text.indexOf(RANKS_START);
  const end = text.indexOf(RANKS_END, start);
  if (start < 0 || end < 0) {
    problems.push(`ARCHITECTURE.md has no domain rank table between ${RANKS_START} and ${RANKS_END}; rank checks skipped`);
    return null;
  }
  const ranks = new Map();
  for (const line of text.slice(start + RANKS_START.length, end).split('\n')) {
    if (!line.trim().startsWith('|')) continue;
    const [rankCell, domainsCell = ''] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    if (rankCell === 'rank' || /^[-:\s]*$/.test(rankCell)) continue; // header and separator rows
    if (!/^\d+$/.test(rankCell)) {
      problems.push(`ARCHITECTURE.md rank table: row not understood: ${line.trim()}`);
      continue;
    }
    for (const [, domain] of domainsCell.matchAll(/`([^`]+)`/g)) {
      if (ranks.has(domain)) problems.push(`ARCHITECTURE.md rank table lists domain ${domain} twice`);
      else ranks.set(domain, Number(rankCell));
    }
  }
  if (ranks.size === 0) {
    problems.push(`ARCHITECTURE.md rank table between ${RANKS_START} and ${RANKS_END} names no domains; rank checks skipped`);
    return null;
  }
  return ranks;
}

/** Every domain folder (and the platform) must have a rank, or rule 1 could not be checked for it. */
function checkRankTable(root, ranks, problems) {
  if (!ranks) return;
  for (const domain of [PLATFORM, ...domainFolders(root)]) {
    if (!ranks.has(domain)) problems.push(`domain ${domain} has no rank in ARCHITECTURE.md`);
  }
}

function domainFolders(root) {
  const dir = path.join(root, DOMAINS);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Reading sources: a small scanner, so that imports, SQL and table names are looked for in the right places
// (code, strings) and never in comments.

const REGEX_AFTER_CHARS = new Set('([{,;:=!&|?+-*%<>~^');
const REGEX_AFTER_WORDS = new Set('return typeof case do else in of new delete void throw yield await'.split(' '));

/**
 * Splits a TypeScript source into views of the same length (so an index means the same place in each):
 * `stripped` has comments blanked, `code` has comments and the insides of strings, templates and regular
 * expressions blanked; `strings` lists every string and template text, each interpolation of a template
 * becoming ` ? `. Newlines are kept so line numbers hold. A heuristic scanner, not a parser: an odd regular expression or an
 * apostrophe in JSX text can confuse it, but only up to the end of that line.
 */
export function scanSource(text) {
  const stripped = text.split('');
  const code = text.split('');
  const strings = [];
  const blank = (view, from, to) => {
    for (let k = from; k < to; k++) if (view[k] !== '\n') view[k] = ' ';
  };
  // Open template literals, innermost last. While in code and this is not empty, the innermost template is
  // inside a `${...}` expression and `depth` counts the braces opened in it.
  const templates = [];
  let inTemplateText = false;
  let prev = ''; // the last significant character of code, to tell a regular expression from a division
  let prevWord = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (inTemplateText) {
      const template = templates.at(-1);
      if (c === '\\') {
        template.text += text.slice(i, i + 2);
        blank(code, i, i + 2);
        i += 2;
      } else if (c === '`') {
        strings.push({ text: template.text, index: template.index });
        templates.pop();
        inTemplateText = false;
        [prev, prevWord] = ['a', ''];
        i += 1;
      } else if (c === '$' && next === '{') {
        template.text += ' ? '; // the interpolation, kept apart from the text around it
        template.depth = 0;
        inTemplateText = false;
        [prev, prevWord] = ['{', ''];
        i += 2;
      } else {
        template.text += c;
        blank(code, i, i + 1);
        i += 1;
      }
      continue;
    }
    if (c === '/' && (next === '/' || next === '*')) {
      const close = next === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : next === '/' ? close : close + 2;
      blank(stripped, i, end);
      blank(code, i, end);
      i = end;
    } else if (c === "'" || c === '"') {
      let k = i + 1;
      while (k < text.length && text[k] !== c && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
      strings.push({ text: text.slice(i + 1, k), index: i });
      blank(code, i + 1, k);
      i = text[k] === c ? k + 1 : k; // an unterminated string ends at the line's end
      [prev, prevWord] = ['a', ''];
    } else if (c === '`') {
      templates.push({ text: '', index: i, depth: 0 });
      inTemplateText = true;
      i += 1;
    } else if (c === '/' && (prev === '' || REGEX_AFTER_CHARS.has(prev) || (prev === 'w' && REGEX_AFTER_WORDS.has(prevWord)))) {
      const end = regexEnd(text, i);
      blank(code, i + 1, end - 1);
      i = end;
      [prev, prevWord] = ['a', ''];
    } else if (/[\w$]/.test(c)) {
      let k = i;
      while (k < text.length && /[\w$]/.test(text[k])) k += 1;
      [prev, prevWord] = ['w', text.slice(i, k)];
      i = k;
    } else {
      if (c === '{' && templates.length) templates.at(-1).depth += 1;
      if (c === '}' && templates.length) {
        const template = templates.at(-1);
        // A `}` that closes the `${` itself ends the interpolation: back to the template's text.
        if (template.depth === 0) inTemplateText = true;
        else template.depth -= 1;
      }
      if (!/\s/.test(c)) [prev, prevWord] = [c, ''];
      i += 1;
    }
  }
  return { stripped: stripped.join(''), code: code.join(''), strings };
}

/** The index just past a regular expression literal starting at `start` (or the line's end if it never closes). */
function regexEnd(text, start) {
  let inClass = false;
  for (let k = start + 1; k < text.length; k++) {
    const c = text[k];
    if (c === '\\') k += 1;
    else if (c === '\n') return k;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return k + 1;
  }
  return text.length;
}

const lineAt = (text, index) => {
  let line = 1;
  for (let k = 0; k < index; k++) if (text[k] === '\n') line += 1;
  return line;
};

// `import x from`, `import type {...} from`, `import x, * as y from`, `export {...} from`, `export * as y from`.
const CLAUSE = String.raw`(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+)`;
const STATIC_IMPORT = new RegExp(String.raw`(?<![\w$.])(?:import|export)\s+(type\s+)?(${CLAUSE})\s*from\s*(['"])([^'"\n]+)\3`, 'g');
const SIDE_EFFECT_IMPORT = /(?<![\w$.])import\s*(['"])([^'"\n]+)\1/g;
const DYNAMIC_IMPORT = /(?<![\w$.])import\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g;

/** Every import and re-export of a scanned file: { spec, typeOnly, line }. */
export function importsOf(scan) {
  const found = [];
  const add = (match, spec, typeOnly) => {
    // The keyword must be code, not the text of a string that happens to read like an import.
    if (scan.code[match.index] !== scan.stripped[match.index]) return;
    found.push({ spec, typeOnly, index: match.index, line: lineAt(scan.stripped, match.index) });
  };
  for (const m of scan.stripped.matchAll(STATIC_IMPORT)) add(m, m[4], Boolean(m[1]) || allNamesAreTypes(m[2]));
  for (const m of scan.stripped.matchAll(SIDE_EFFECT_IMPORT)) add(m, m[2], false);
  for (const m of scan.stripped.matchAll(DYNAMIC_IMPORT)) add(m, m[2], false);
  return found.sort((a, b) => a.index - b.index);
}

/** `{ type A, type B as C }` imports only types, like `import type`; `{}` is a side-effect import. */
function allNamesAreTypes(clause) {
  if (!clause.startsWith('{')) return false;
  const names = clause
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

// ---------------------------------------------------------------------------------------------------------------
// Files and import targets

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

const toRel = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** Scans every .ts/.tsx file under `dir` and resolves its imports to repository-relative paths. */
function loadSources(root, dir) {
  const sources = [];
  for (const file of sourceFiles(path.join(root, dir))) {
    const rel = toRel(root, file);
    const text = fs.readFileSync(file, 'utf8');
    const scan = scanSource(text);
    // Every import is kept (rule 5 looks at packages too); `target` is null for packages outside the workspace.
    const imports = importsOf(scan).map((imp) => ({ ...imp, target: resolveImport(root, rel, imp.spec) }));
    sources.push({ rel, text, scan, imports });
  }
  return sources;
}

/**
 * The repository-relative file an import points to, trying the endings TypeScript would (`.ts`, `.tsx`,
 * `/index.ts`); null for packages outside the workspace. A missing file still resolves (to `<spec>.ts`), so a
 * dangling import is judged by where it points.
 */
function resolveImport(root, fromRel, spec) {
  let base;
  if (spec.startsWith('./') || spec.startsWith('../')) base = path.posix.join(path.posix.dirname(fromRel), spec);
  else {
    const name = Object.keys(WORKSPACE_PACKAGES).find((pkg) => spec === pkg || spec.startsWith(`${pkg}/`));
    if (!name) return null;
    base = path.posix.join(WORKSPACE_PACKAGES[name], spec.slice(name.length));
  }
  const jsAsTs = base.replace(/\.(m?)js$/, '.$1ts');
  const candidates = [base, jsAsTs, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((candidate) => isFile(path.join(root, candidate)));
  if (found) return found;
  return /\.tsx?$/.test(base) ? base : `${base}.ts`;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Imports

/** One problem per reason `reasons(fromRel, targetRel)` gives against an import inside the workspace. */
function checkImports(sources, reasons, problems) {
  for (const source of sources) {
    for (const imp of source.imports) {
      if (!imp.target) continue;
      for (const why of reasons(source.rel, imp.target)) problems.push(`${source.rel}:${imp.line} imports ${imp.spec}: ${why}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Server

/** Where a server file sits: its domain (the platform counts as one, of rank 0) and its path inside it. */
function placeOf(rel) {
  const match = /^apps\/server\/src\/(?:domains\/([^/]+)|(platform))\/(.+)$/.exec(rel);
  if (!match) return null;
  return { domain: match[1] ?? PLATFORM, rest: match[3], isPlatform: !match[1] };
}

/** Rules 1, 2, 4 (imports of schemas and tables) and 6, for one import. */
function serverImportReasons(fromRel, target, ranks) {
  const from = placeOf(fromRel);
  if (!from) return [];
  const to = placeOf(target);
  if (from.isPlatform) {
    return to && !to.isPlatform ? ['the platform knows no domain (it may not import domains/)'] : [];
  }
  if (target === APP_SCHEMA || (to?.isPlatform && to.rest === 'schema.ts')) {
    return [`domain ${from.domain} may not import the list of all tables (${target}); it imports only its own tables.ts`];
  }
  if (!to || to.domain === from.domain) return [];
  const reasons = [];
  const rankReason = rankRule(from.domain, to.domain, ranks);
  if (rankReason) reasons.push(rankReason);
  if (to.rest === 'tables.ts') {
    // Foreign keys need the other table; everything else goes through the owner's service.
    if (from.rest !== 'tables.ts') {
      reasons.push(`domain ${from.domain} may not import the tables of ${to.domain}; only a tables.ts may (foreign keys)`);
    }
  } else if (!to.isPlatform && COMPOSITION_ONLY.has(to.rest)) {
    reasons.push(
      `domain ${from.domain} may not import ${to.rest} of ${to.domain}: routes, jobs and wiring are for the composition root (app.ts, handlers.ts, jobs.ts, seed, tests); reach ${to.domain} through ${DOMAINS}${to.domain}/service.ts`,
    );
  } else if (!to.isPlatform && to.rest !== 'service.ts') {
    reasons.push(`domain ${from.domain} may reach domain ${to.domain} only through ${DOMAINS}${to.domain}/service.ts`);
  }
  return reasons;
}

/** A domain's files that only the composition root (outside apps/server/src/domains) imports. */
const COMPOSITION_ONLY = new Set(['routes.ts', 'jobs.ts', 'wiring.ts']);

/** Rule 1: only lower ranks. Unranked domains are reported once by checkRankTable, not at every import. */
function rankRule(fromDomain, toDomain, ranks) {
  if (!ranks?.has(fromDomain) || !ranks.has(toDomain)) return null;
  const [a, b] = [ranks.get(fromDomain), ranks.get(toDomain)];
  if (b < a) return null;
  if (a === b) return `domain ${fromDomain} may not import domain ${toDomain}: both have rank ${a}, and a domain imports only lower ranks`;
  return `domain ${fromDomain} (rank ${a}) may not import domain ${toDomain} (rank ${b}): a domain imports only lower ranks`;
}

// Rule 4, raw SQL: writes into another domain's table, in any string or template of a domain's file.
const TABLE_DEFINITION = /\b(?:pgTable|pgView|pgMaterializedView|pgEnum)\s*\(\s*(['"`])([^'"`]+)\1/g;
// `update X` must be followed by `set` (after an optional alias), so that English such as "update users of
// this company" in a message is not taken for SQL.
const TABLE_NAME = String.raw`(?:only\s+)?(?:"?public"?\.)?"?([a-z_][\w$]*)"?`;
const TABLE_WRITE = new RegExp(
  String.raw`\b(?:insert\s+into\s+${TABLE_NAME}|delete\s+from\s+${TABLE_NAME}|update\s+${TABLE_NAME}(?:\s+(?:as\s+)?[a-z_]\w*)?\s+set\b)`,
  'gi',
);

/** Each table name (lower case) -> the domain whose tables.ts defines it (platform/tables.ts for the platform). */
function tableOwners(sources) {
  const owners = new Map();
  for (const source of sources) {
    const place = placeOf(source.rel);
    if (place?.rest !== 'tables.ts') continue;
    for (const [, , name] of source.scan.stripped.matchAll(TABLE_DEFINITION)) owners.set(name.toLowerCase(), place.domain);
  }
  return owners;
}

function checkTableWrites(sources, problems) {
  const owners = tableOwners(sources);
  for (const source of sources) {
    const place = placeOf(source.rel);
    if (!place) continue;
    for (const string of source.scan.strings) {
      for (const [statement, ...names] of string.text.matchAll(TABLE_WRITE)) {
        const table = names.find(Boolean);
        const owner = owners.get(table.toLowerCase());
        if (!owner || owner === place.domain) continue;
        const line = lineAt(source.text, string.index);
        const sql = statement.replace(/\s+/g, ' ');
        problems.push(
          `${source.rel}:${line}: cross-domain table write: "${sql}" writes ${table}, a table of ${owner}; go through its service`,
        );
      }
    }
  }
}

// Rule 5: where SQL may live in a domain.
const SQL_TAG = /(?<![\w$])sql\s*(?:<[^`;]*?>)?\s*`/g;
const DB_CALL = /(?<![\w$])(?:db|tx|pool)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\s*\(/g;
const isDrizzle = (spec) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');

/** queries.ts, a queries/ folder (for domains that outgrow one file; tests in it excepted) and tables.ts. */
function isSqlHome(rest) {
  if (rest === 'queries.ts' || rest === 'tables.ts') return true;
  return rest.startsWith('queries/') && !/\.test\.tsx?$/.test(rest);
}

/** One problem per file, naming each kind of SQL found and its lines, so a test full of queries is one line. */
function checkSqlPlacement(sources, problems) {
  for (const source of sources) {
    const place = placeOf(source.rel);
    if (!place || place.isPlatform || isSqlHome(place.rest)) continue;
    const found = new Map(); // what -> lines
    const note = (what, line) => found.set(what, [...(found.get(what) ?? []), line]);
    for (const imp of source.imports) if (isDrizzle(imp.spec) && !imp.typeOnly) note(`a value import from ${imp.spec}`, imp.line);
    for (const m of source.scan.code.matchAll(SQL_TAG)) note('sql`...`', lineAt(source.text, m.index));
    for (const m of source.scan.code.matchAll(DB_CALL)) note(m[0].replace(/\s+/g, ''), lineAt(source.text, m.index));
    if (found.size === 0) continue;
    const first = Math.min(...[...found.values()].flat());
    const list = [...found].map(([what, lines]) => `${what} (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`);
    problems.push(`${source.rel}:${first}: SQL outside queries.ts: ${list.join('; ')}`);
  }
}

// Server test files share a worker's module cache (docs/decisions/0065): a module mock would leak into the
// files after it, or miss a module one of them already loaded.

const MODULE_MOCK = /(?<![\w$])vi\s*\.\s*(?:mock|doMock|unmock)\s*\(/g;

function checkModuleMocks(sources, problems) {
  for (const source of sources) {
    for (const m of source.scan.code.matchAll(MODULE_MOCK)) {
      problems.push(
        `${source.rel}:${lineAt(source.text, m.index)}: vi.mock in a server test: swap the module's source and put it back (docs/decisions/0065)`,
      );
    }
  }
}

// Rule 7: what a domain's service.ts exports. Read with a real parser (@babel/parser, docs/decisions/0099):
// parameter lists, type annotations and export forms are past what the scanner above can tell apart.

const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const PRIMITIVE_TYPES = new Set([
  'TSStringKeyword',
  'TSNumberKeyword',
  'TSBooleanKeyword',
  'TSBigIntKeyword',
  'TSSymbolKeyword',
  'TSNullKeyword',
  'TSUndefinedKeyword',
  'TSVoidKeyword',
  'TSNeverKeyword',
  'TSUnknownKeyword',
  'TSAnyKeyword',
  'TSLiteralType',
  'TSArrayType',
  'TSTupleType',
  'TSFunctionType',
]);

function checkServiceApis(sources, apiOf, problems) {
  for (const source of sources) {
    const place = placeOf(source.rel);
    if (!place || place.isPlatform || place.rest !== 'service.ts') continue;
    if (apiOf && !apiOf.includes(place.domain)) continue;
    for (const problem of serviceApiProblems(source.text)) problems.push(`${source.rel}:${problem.line}: ${problem.message}`);
  }
}

/** The problems of one service.ts under rule 7, each { line, message }. */
export function serviceApiProblems(text) {
  let program;
  try {
    program = parse(text, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true }).program;
  } catch (error) {
    return [{ line: error.loc?.line ?? 1, message: `service.ts could not be parsed: ${error.message}` }];
  }
  const found = [];
  const refuse = (node, message) => found.push({ line: node.loc.start.line, message });
  for (const node of program.body) {
    if (node.type === 'ExportAllDeclaration') {
      if (node.exportKind !== 'type')
        refuse(node, `re-exports everything of ${node.source.value}: a service exports only functions fn(ctx, input) declared in it`);
    } else if (node.type === 'ExportDefaultDeclaration') {
      refuse(node, 'a default export: a service exports only named functions fn(ctx, input)');
    } else if (node.type === 'TSExportAssignment') {
      refuse(node, '`export =`: a service exports only named functions fn(ctx, input)');
    } else if (node.type === 'ExportNamedDeclaration') {
      if (node.declaration) checkExportedDeclaration(node.declaration, refuse);
      else if (node.exportKind !== 'type') {
        for (const specifier of node.specifiers) {
          if (specifier.exportKind === 'type') continue;
          const name = specifier.exported.name ?? specifier.exported.value;
          const from = node.source ? ` from ${node.source.value}` : '';
          refuse(node, `re-exports ${name}${from}: declare a function ${name}(ctx, input) here instead (type-only exports are free)`);
        }
      }
    }
  }
  return found;
}

function checkExportedDeclaration(declaration, refuse) {
  switch (declaration.type) {
    case 'TSTypeAliasDeclaration':
    case 'TSInterfaceDeclaration':
      return;
    case 'FunctionDeclaration':
    case 'TSDeclareFunction':
      checkApiFunction(declaration.id.name, declaration, refuse);
      return;
    case 'VariableDeclaration':
      for (const declarator of declaration.declarations) {
        const name = declarator.id.name ?? '(a destructured name)';
        const init = unwrapExpression(declarator.init);
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) checkApiFunction(name, init, refuse);
        else if (!UPPER_SNAKE.test(name) || !isLiteral(declarator.init)) {
          refuse(
            declarator,
            `exports ${name}, neither a function fn(ctx, input) nor an UPPER_SNAKE_CASE constant initialised with a literal`,
          );
        }
      }
      return;
    default:
      refuse(
        declaration,
        `exports a ${declaration.type.replace(/Declaration$/, '').toLowerCase()}: a service exports only functions fn(ctx, input)`,
      );
  }
}

const unwrapExpression = (node) =>
  node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'ParenthesizedExpression')
    ? unwrapExpression(node.expression)
    : node;

/** A number, string, boolean, null, or an array or object of them, possibly `as const`. */
function isLiteral(node) {
  if (!node) return false;
  switch (node.type) {
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'ParenthesizedExpression':
      return isLiteral(node.expression);
    case 'NumericLiteral':
    case 'StringLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
    case 'BigIntLiteral':
      return true;
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'NumericLiteral';
    case 'TemplateLiteral':
      return node.expressions.length === 0;
    case 'ArrayExpression':
      return node.elements.every((element) => isLiteral(element));
    case 'ObjectExpression':
      return node.properties.every((p) => p.type === 'ObjectProperty' && !p.computed && isLiteral(p.value));
    default:
      return false;
  }
}

/** One problem per function, naming every way its signature is not `fn(ctx, input)`. */
function checkApiFunction(name, fn, refuse) {
  const [ctx, input, ...more] = fn.params;
  const faults = [];
  if (!ctx) faults.push('it takes no call context');
  else {
    // `_ctx` is ctx that a function needs nothing of (the linter's mark for an unused parameter).
    if (ctx.type !== 'Identifier' || (ctx.name !== 'ctx' && ctx.name !== '_ctx')) faults.push('its first parameter is not named ctx');
    if (!isContextType(ctx.typeAnnotation?.typeAnnotation)) {
      faults.push('its first parameter is not typed with a context (CallContext, PublicContext, MailContext, Pick<CallContext, ...>)');
    }
  }
  if (input && !isInputObject(input)) faults.push('its input is not one object (a type literal or a named object type)');
  if (more.length) faults.push(`it takes ${fn.params.length} parameters (positional arguments)`);
  const named = (param) => (param.type === 'AssignmentPattern' ? param.left : param);
  if (fn.params.some((param) => named(param).type === 'Identifier' && named(param).name === 'db')) faults.push('it takes a parameter db');
  if ([...fn.params, fn.returnType].some((node) => node && mentionsDatabase(node))) faults.push('its signature names the type Database');
  if (faults.length) refuse(fn, `${name} must be ${name}(ctx, input): ${faults.join('; ')}`);
}

const typeName = (node) => (node?.type === 'TSTypeReference' ? (node.typeName.name ?? node.typeName.right?.name) : null);

function isContextType(type) {
  const name = typeName(type);
  if (!name) return false;
  if (/Context$/.test(name)) return true;
  // Pick<CallContext, 'db' | 'clock'> and the like: some fields of a context.
  const args = type.typeParameters?.params ?? type.typeArguments?.params ?? [];
  return ['Pick', 'Omit', 'Readonly'].includes(name) && isContextType(args[0]);
}

function isInputObject(param) {
  if (param.type === 'RestElement') return false;
  const target = param.type === 'AssignmentPattern' ? param.left : param;
  const type = target.typeAnnotation?.typeAnnotation;
  if (!type) return target.type === 'ObjectPattern';
  return isObjectType(type);
}

function isObjectType(type) {
  if (type.type === 'TSParenthesizedType') return isObjectType(type.typeAnnotation);
  if (type.type === 'TSTypeLiteral' || type.type === 'TSMappedType') return true;
  if (type.type === 'TSIntersectionType') return type.types.every(isObjectType);
  if (type.type === 'TSUnionType') return type.types.every(isObjectType);
  if (PRIMITIVE_TYPES.has(type.type)) return false;
  const name = typeName(type);
  if (name) return !['Database', 'Date', 'String', 'Number', 'Boolean', 'Array', 'ReadonlyArray', 'Promise', 'URL'].includes(name);
  return type.type === 'TSIndexedAccessType' || type.type === 'TSTypeQuery';
}

/** Whether a type reference to Database appears anywhere under the node. */
function mentionsDatabase(node) {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(mentionsDatabase);
  if (typeName(node) === 'Database') return true;
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'leadingComments' || key === 'trailingComments') continue;
    const value = node[key];
    if (value && typeof value === 'object' && mentionsDatabase(value)) return true;
  }
  return false;
}

// Every entry point is declared in the contract and registered through the platform (platform/handle.ts for
// calls, platform/entry.ts for downloads, uploads, streams and pages; docs/decisions/0098): a domain that
// routes a request itself skips the access, CSRF and input checks, the API document and the suites.

const ROUTE_METHODS = 'get|post|put|patch|delete|head|options|route|all|register';
const FASTIFY_NAMES = ['app', 'scope', 'fastify', 'instance'];

function checkRawRoutes(sources, problems) {
  for (const source of sources) {
    if (!source.rel.startsWith(`${SERVER}domains/`) || /\.test\.tsx?$/.test(source.rel)) continue;
    // The usual names of a Fastify instance, and any name this file declares as one.
    const names = new Set(FASTIFY_NAMES);
    for (const m of source.scan.code.matchAll(/([A-Za-z_$][\w$]*)\s*:\s*FastifyInstance\b/g)) names.add(m[1]);
    const call = new RegExp(`(?<![\\w$.])([A-Za-z_$][\\w$]*)\\s*\\.\\s*(${ROUTE_METHODS})\\s*(?:<[^>()]*>)?\\s*\\(`, 'g');
    for (const m of source.scan.code.matchAll(call)) {
      if (!names.has(m[1])) continue;
      problems.push(
        `${source.rel}:${lineAt(source.text, m.index)}: a raw route (${m[1]}.${m[2]}): declare the entry point in the contract and register it through platform/entry.ts (docs/decisions/0098)`,
      );
    }
  }
}

// Rule 3: circles between domains, from every import whatever the ranks say.

function domainGraph(sources) {
  const edges = new Map(); // domain -> Map(other domain -> an example "file -> file")
  const short = (rel) => rel.replace(DOMAINS, '').replace(SERVER, '');
  for (const source of sources) {
    const from = placeOf(source.rel);
    if (!from) continue;
    for (const imp of source.imports) {
      const to = imp.target && placeOf(imp.target);
      if (!to || to.domain === from.domain) continue;
      if (!edges.has(from.domain)) edges.set(from.domain, new Map());
      const out = edges.get(from.domain);
      if (!out.has(to.domain)) out.set(to.domain, `${short(source.rel)} -> ${short(imp.target)}`);
    }
  }
  return edges;
}

function checkCircles(sources, problems) {
  const edges = domainGraph(sources);
  for (const component of stronglyConnected(edges)) {
    if (component.length < 2) continue;
    const walk = closedWalk(component, edges);
    const evidence = walk.slice(1).map((to, k) => edges.get(walk[k]).get(to));
    problems.push(`circle between domains: ${walk.join(' -> ')} (${evidence.join('; ')})`);
  }
}

/** Tarjan's algorithm: the strongly connected components of the domain graph, each sorted by name. */
function stronglyConnected(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])]);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component.sort());
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * A walk along real imports that starts at the component's first domain, visits every domain of it and comes
 * back (a strongly connected component need not have one simple cycle through all its members).
 */
export function closedWalk(component, edges) {
  const members = new Set(component);
  // Breadth-first, neighbours in name order, so the walk (and the message) is the same on every run.
  const shortestPath = (from, isGoal) => {
    const cameFrom = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const node = queue.shift();
      for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
        if (!members.has(next)) continue;
        if (isGoal(next)) {
          const steps = [next];
          for (let back = node; back !== from; back = cameFrom.get(back)) steps.unshift(back);
          return steps;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    return [];
  };
  const start = component[0];
  const walk = [start];
  const unseen = new Set(component.slice(1));
  while (unseen.size) {
    const steps = shortestPath(walk.at(-1), (node) => unseen.has(node));
    for (const node of steps) unseen.delete(node);
    walk.push(...steps);
  }
  walk.push(...shortestPath(walk.at(-1), (node) => node === start));
  return walk;
}

// ---------------------------------------------------------------------------------------------------------------
// Web and contract

const layerOf = (rel, base) => (rel.startsWith(base) ? rel.slice(base.length).split('/')[0] : null);

function webReasons(from, to) {
  const fromLayer = layerOf(from, WEB);
  const toLayer = layerOf(to, WEB);
  if ((fromLayer === 'lib' || fromLayer === 'components') && (toLayer === 'features' || toLayer === 'app')) {
    return ['shared code (lib, components) may not depend on features or the app'];
  }
  if (fromLayer !== 'features') return [];
  if (toLayer === 'app') return ['features may not depend on the app'];
  const features = `${WEB}features/`;
  const [a, b] = [layerOf(from, features), layerOf(to, features)];
  // Another feature's api/ folder (fetchers, query options, hooks) is its public face; the rest is private.
  if (b && a !== b && !to.startsWith(`${features}${b}/api/`)) return [`feature ${a} may import only the api/ folder of feature ${b}`];
  return [];
}

const contractReasons = (_from, to) => (to.startsWith('apps/') ? ['the contract may not import app code'] : []);

// ---------------------------------------------------------------------------------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  // `--api-of=a,b` limits rule 7 to those domains (to follow one domain's progress); the lint runs without it.
  const apiOf = process.argv
    .find((arg) => arg.startsWith('--api-of='))
    ?.slice('--api-of='.length)
    .split(',');
  const problems = checkLayers(path.resolve(import.meta.dirname, '..'), { apiOf });
  if (problems.length) {
    console.error(`Layering rules broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Layering rules hold.');
}
