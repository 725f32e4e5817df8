// Tests for scripts/check-layers.mjs: each test builds a small repository in a temp dir (an ARCHITECTURE.md with
// the rank table and a few domains), plants one kind of breach and checks the problems reported.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkLayers, closedWalk, importsOf, scanSource } from './check-layers.mjs';

// The table ARCHITECTURE.md will carry once the restructure lands; the lint reads the ranks from it.
const RANK_TABLE = `<!-- domain-ranks:start -->
| rank | domains | what they hold |
| ---- | ------- | -------------- |
| 0 | \`platform\` | handle(), access, sessions' cookies, db, clock, mail outbox, request log, export |
| 1 | \`tenancy\` | the company row, requireCompany, the closed-company rule, company events (audit) |
| 2 | \`users\` | user rows, passwords, labels |
| 3 | \`notifications\` | mail templates and senders, email tokens |
| 4 | \`security\` | TOTP, WebAuthn, recovery passphrase, security questions |
| 5 | \`auth\` | sign-in, sessions, single sign-on, throttling, password reset, impersonation |
| 6 | \`account\` | my account, company users |
| 7 | \`billing\` | services registry, credit ledger, plans |
| 8 | \`companies\`, \`servers\`, \`hosted\`, \`downloads\`, \`storage\`, \`customer-portal\`, \`tokens\`, \`tickets\` | company administration and lifecycle; the products |
| 9 | \`reports\`, \`admin-tools\` | read-only reports; admin tools |
<!-- domain-ranks:end -->`;

const S = 'apps/server/src';
const D = `${S}/domains`;
const W = 'apps/web/src';

// A tree that keeps every rule: each domain reaches lower ranks through service.ts, SQL sits in queries.ts,
// tables.ts files import tables for foreign keys, a feature uses another feature's api/.
const CLEAN = {
  'ARCHITECTURE.md': `# Architecture\n\n${RANK_TABLE}\n`,
  [`${S}/schema.ts`]: `export * from './domains/tenancy/tables.ts';\nexport * from './domains/users/tables.ts';\n`,
  [`${S}/app.ts`]: `import { handleAll } from './platform/handle.ts';\nimport * as users from './domains/users/service.ts';\n`,
  [`${S}/platform/db.ts`]: `import { drizzle } from 'drizzle-orm/pglite';\nexport const open = () => drizzle();\n`,
  [`${S}/platform/handle.ts`]: `import type { Database } from './db.ts';\nexport function handleAll(db: Database) { return db.execute('select 1'); }\n`,
  [`${S}/platform/tables.ts`]: `import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const mailOutbox = pgTable('mail_outbox', { to: text('to') });\n`,
  [`${D}/tenancy/tables.ts`]: `import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const companies = pgTable('companies', { id: serial('id') });\n`,
  [`${D}/tenancy/queries.ts`]: [
    `import { sql } from 'drizzle-orm';`,
    `import type { Database } from '../../platform/db.ts';`,
    `export const close = (db: Database, id: number) => db.execute(sql\`update companies set closed = true where id = \${id}\`);`,
    `export const add = (db: Database) => db.execute(sql\`insert into companies default values\`);`,
  ].join('\n'),
  [`${D}/tenancy/service.ts`]: [
    `import type { CallContext } from '../../platform/context.ts';`,
    `import * as q from './queries.ts';`,
    `export type { CompanyRow } from './queries.ts';`,
    `export const CLOSED_STATES = ['DELETED', 'MIGRATED'] as const;`,
    `export async function close(ctx: Pick<CallContext, 'db'>, input: { id: number }) { await q.close(ctx.db, input.id); }`,
  ].join('\n'),
  [`${D}/users/tables.ts`]: [
    `import { integer, pgEnum, pgTable } from 'drizzle-orm/pg-core';`,
    `import { companies } from '../tenancy/tables.ts';`,
    `export const role = pgEnum('user_role', ['admin', 'member']);`,
    `export const users = pgTable(\n  'users',\n  { company: integer('company').references(() => companies.id) },\n);`,
  ].join('\n'),
  [`${D}/users/queries/find.ts`]: `import { eq } from 'drizzle-orm';\nexport const find = (db, id) => db.select().from(users).where(eq(users.id, id));\n`,
  [`${D}/users/queries/write.ts`]: `export const rename = (tx) => tx.update(users).set({ name: 'x' });\n`,
  [`${D}/users/service.ts`]: [
    `import type { SQL } from 'drizzle-orm';`,
    `import { type AnyColumn, type Table } from 'drizzle-orm';`,
    `import * as tenancy from '../tenancy/service.ts';`,
    `import { find } from './queries/find.ts';`,
    `// import { users } from '../auth/service.ts'; (a comment, not an import)`,
    `const hint = "import x from '../auth/service.ts'"; // a string, not an import`,
    `import type { CallContext, PublicContext } from '../../platform/context.ts';`,
    `export interface UserId { id: number }`,
    `export const getUser = (ctx: PublicContext, input: UserId) => find(ctx.db, input.id);`,
    `export const closeCompany = (ctx: CallContext) => tenancy.close(ctx, { id: 1 });`,
    `export type Where = SQL | AnyColumn | Table | typeof hint;`,
  ].join('\n'),
  [`${D}/users/service.test.ts`]: `import { expect, test } from 'vitest';\nimport { getUser } from './service.ts';\ntest('finds', () => expect(getUser).toBeDefined());\n`,
  [`${D}/auth/service.ts`]: [
    `import * as users from '../users/service';`,
    `import type { CallContext } from '../../platform/context.ts';`,
    `export type * as tenancy from '../tenancy/service.ts';`,
    `export const who = async (ctx: CallContext, { id }: { id: number }) => users.getUser(ctx, { id });`,
    `export const lazy = (ctx: CallContext) => import('../users/service.ts').then((u) => u.getUser(ctx, { id: 1 }));`,
    `const message = 'Please update users of this company by hand';`,
  ].join('\n'),
  [`${D}/admin-tools/service.ts`]: `import * as auth from '../auth/service.ts';\nimport '../users/service.ts';\nexport const who = (ctx: CallContext) => auth.who(ctx, { id: 1 });\n`,
  [`${W}/lib/api.ts`]: `import { call } from '@portal/contract/shared/define-call';\nexport const api = call;\n`,
  [`${W}/components/DataTable.tsx`]: `import { api } from '../lib/api.ts';\nexport const DataTable = () => <p>Don't {String(api)}</p>;\n`,
  [`${W}/features/companies/api/companies.ts`]: `import { api } from '../../../lib/api.ts';\nexport const list = api;\n`,
  [`${W}/features/companies/components/CompanyList.tsx`]: `import { list } from '../api/companies.ts';\nexport const CompanyList = () => list;\n`,
  [`${W}/features/account/components/Account.tsx`]: `import { list } from '../../companies/api/companies.ts';\nimport { DataTable } from '../../../components/DataTable.tsx';\nexport const A = () => [list, DataTable];\n`,
  [`${W}/app/routes.tsx`]: `import { Account } from '../features/account/components/Account.tsx';\nexport const routes = [Account];\n`,
  'packages/contract/src/shared/define-call.ts': `export const call = () => null;\n`,
  'packages/contract/src/users/get-user.ts': `import { call } from '../shared/define-call.ts';\nimport { x } from '@portal/contract/shared/define-call';\nexport const getUser = [call, x];\n`,
};

const roots = [];
after(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** Writes CLEAN with `changes` applied (a null value deletes the file) and runs the check on it. */
function check(changes = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    if (text === null) continue;
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return checkLayers(root);
}

/** Asserts that some problem matches each pattern and that no other problem was reported. */
function assertProblems(problems, patterns) {
  for (const pattern of patterns) {
    assert.ok(
      problems.some((p) => pattern.test(p)),
      `expected a problem matching ${pattern}, got:\n${problems.join('\n')}`,
    );
  }
  const unexpected = problems.filter((p) => !patterns.some((pattern) => pattern.test(p)));
  assert.deepEqual(unexpected, [], 'unexpected problems');
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A problem in `file` (a path, or `path:line`) whose message has `words` in this order.
const about = (file, ...words) => new RegExp(`^${escapeRegExp(file)}(?::\\d+)?[: ].*${words.map(escapeRegExp).join('.*')}`);

describe('check-layers', () => {
  test('a clean tree passes', () => {
    assert.deepEqual(check(), []);
  });

  test('a circle users -> tenancy -> users fails with the circle message (and the rank rule)', () => {
    const problems = check({
      [`${D}/tenancy/service.ts`]: `import * as users from '../users/service.ts';\nexport const close = (ctx: CallContext) => users.getUser(ctx, { id: 1 });\n`,
    });
    assertProblems(problems, [
      /^circle between domains: tenancy -> users -> tenancy \(tenancy\/service\.ts -> users\/service\.ts; users\/\S+ -> tenancy\/\S+\)$/,
      about(`${D}/tenancy/service.ts`, 'domain tenancy (rank 1) may not import domain users (rank 2)'),
    ]);
  });

  test('a same-rank pair fails, and as a circle when both ways', () => {
    const servers = `${D}/servers/service.ts`;
    const hosted = `${D}/hosted/service.ts`;
    const oneWay = check({ [servers]: `import * as hosted from '../hosted/service.ts';\n`, [hosted]: `export const H = 1;\n` });
    assertProblems(oneWay, [about(servers, 'domain servers may not import domain hosted: both have rank 8')]);

    const bothWays = check({
      [servers]: `import * as hosted from '../hosted/service.ts';\n`,
      [hosted]: `import '../servers/service.ts';\n`,
    });
    assertProblems(bothWays, [
      /^circle between domains: hosted -> servers -> hosted /,
      about(servers, 'both have rank 8'),
      about(hosted, 'domain hosted may not import domain servers: both have rank 8'),
    ]);
  });

  test('a three-domain circle is walked through every member', () => {
    const edges = new Map([
      ['a', new Map([['b', '']])],
      ['b', new Map([['c', '']])],
      ['c', new Map([['a', '']])],
    ]);
    assert.deepEqual(closedWalk(['a', 'b', 'c'], edges), ['a', 'b', 'c', 'a']);
    const star = new Map([
      [
        'hub',
        new Map([
          ['x', ''],
          ['y', ''],
        ]),
      ],
      ['x', new Map([['hub', '']])],
      ['y', new Map([['hub', '']])],
    ]);
    assert.deepEqual(closedWalk(['hub', 'x', 'y'], star), ['hub', 'x', 'hub', 'y', 'hub']);
  });

  test('an upward import fails', () => {
    const problems = check({
      [`${D}/users/helpers.ts`]: `import { who } from '../auth/service.ts';\nexport const w = who;\n`,
    });
    assertProblems(problems, [
      about(`${D}/users/helpers.ts`, 'domain users (rank 2) may not import domain auth (rank 5)'),
      /^circle between domains: auth -> users -> auth /,
    ]);
  });

  test('an import of another domain other than its service.ts fails', () => {
    const problems = check({
      [`${D}/auth/login.ts`]: `import { find } from '../users/queries/find.ts';\nexport { getUser } from '../users';\nexport const f = find;\n`,
      [`${D}/users/index.ts`]: `export * from './service.ts';\n`,
    });
    assertProblems(problems, [
      about(`${D}/auth/login.ts`, '../users/queries/find.ts', `only through ${D}/users/service.ts`),
      about(`${D}/auth/login.ts`, '../users:', `only through ${D}/users/service.ts`),
    ]);
  });

  test('a domain without a rank fails', () => {
    const problems = check({ [`${D}/mystery/service.ts`]: `import * as users from '../users/service.ts';\n` });
    assertProblems(problems, [/^domain mystery has no rank in ARCHITECTURE\.md$/]);
  });

  test('an ARCHITECTURE.md without the rank table fails', () => {
    const problems = check({ 'ARCHITECTURE.md': '# Architecture\n' });
    assertProblems(problems, [/^ARCHITECTURE\.md has no domain rank table/]);
  });

  test('importing another domain’s tables.ts outside tables.ts, or a schema list, fails', () => {
    const problems = check({
      [`${D}/auth/sessions.ts`]: `import { users } from '../users/tables.ts';\nexport const t = users;\n`,
      [`${D}/auth/sessions.test.ts`]: `import { mailOutbox } from '../../platform/tables.ts';\nexport const t = mailOutbox;\n`,
      [`${D}/admin-tools/tools.ts`]: `import * as all from '../../schema.ts';\nexport const t = all;\n`,
      [`${D}/account/settings.ts`]: `import * as all from '../../platform/schema.ts';\nexport const t = all;\n`,
    });
    assertProblems(problems, [
      about(`${D}/auth/sessions.ts`, 'domain auth may not import the tables of users'),
      about(`${D}/auth/sessions.test.ts`, 'domain auth may not import the tables of platform'),
      about(`${D}/admin-tools/tools.ts`, 'may not import the list of all tables', `${S}/schema.ts`),
      about(`${D}/account/settings.ts`, 'may not import the list of all tables', `${S}/platform/schema.ts`),
    ]);
  });

  test('raw SQL writing another domain’s table fails', () => {
    const problems = check({
      [`${D}/users/queries/write.ts`]: [
        `export const a = (db) => db.execute(sql\`INSERT INTO companies (name) values (\${'x'})\`);`,
        `export const b = (db, id) => db.execute(sql\`update "companies" set name = 'y' where id = \${id}\`);`,
        `export const c = (db) => db.execute('delete from public.mail_outbox');`,
        `export const d = (db) => db.execute('delete from users'); // its own table: fine`,
      ].join('\n'),
    });
    const writes = (line, table, owner) =>
      new RegExp(
        `^${escapeRegExp(D)}/users/queries/write\\.ts:${line}: cross-domain table write: .* writes ${table}, a table of ${owner};`,
      );
    assertProblems(problems, [writes(1, 'companies', 'tenancy'), writes(2, 'companies', 'tenancy'), writes(3, 'mail_outbox', 'platform')]);
  });

  test('SQL in a domain file besides queries.ts fails: drizzle value import, sql`...`, ctx.db.update(', () => {
    const problems = check({
      [`${D}/users/helpers.ts`]: [
        `import { eq, sql } from 'drizzle-orm';`,
        `import { alias } from 'drizzle-orm/pg-core';`,
        `export const a = (ctx) => ctx.db.update(users).set({ a: 1 }).where(eq(users.id, 1));`,
        `export const b = (t) => t.db.execute(sql<number>\`select 1\`);`,
        `export const c = (tx) => tx.insert(users);`,
        `export const d = alias;`,
      ].join('\n'),
    });
    assertProblems(problems, [
      new RegExp(
        `^${escapeRegExp(D)}/users/helpers\\.ts:1: SQL outside queries\\.ts: a value import from drizzle-orm \\(line 1\\); a value import from drizzle-orm/pg-core \\(line 2\\); sql\`\\.\\.\\.\` \\(line 4\\); db\\.update\\( \\(line 3\\); db\\.execute\\( \\(line 4\\); tx\\.insert\\( \\(line 5\\)$`,
      ),
    ]);
  });

  test('SQL in a *.test.ts fails too, a type-only drizzle import does not', () => {
    const problems = check({
      [`${D}/users/service.test.ts`]: `import type { SQL } from 'drizzle-orm';\nexport const rows = (ctx) => ctx.db.select().from(users);\n`,
      [`${D}/tenancy/queries.test.ts`]: `import { eq } from 'drizzle-orm';\nexport const e = eq;\n`,
    });
    assertProblems(problems, [
      about(`${D}/users/service.test.ts`, 'SQL outside queries.ts: db.select( (line 2)'),
      about(`${D}/tenancy/queries.test.ts`, 'SQL outside queries.ts: a value import from drizzle-orm (line 1)'),
    ]);
  });

  test('vi.mock in a server test fails; in a comment or a string it does not', () => {
    const problems = check({
      [`${D}/users/service.test.ts`]: `import { vi } from 'vitest';\n// vi.mock('./a.ts') would leak\nconst s = "vi.mock(";\nvi.mock('./service.ts');\n`,
    });
    assertProblems(problems, [about(`${D}/users/service.test.ts`, 'vi.mock in a server test')]);
  });

  test('a service exporting a db-taking function fails, however the database is passed', () => {
    const service = `${D}/tenancy/service.ts`;
    const problems = check({
      [service]: [
        `import type { Database } from '../../platform/db.ts';`,
        `import type { CallContext } from '../../platform/context.ts';`,
        `export async function administer(db: Database, input: { id: number }) {}`,
        `export const lock = (ctx: CallContext, input: { tx: Database }) => input.tx;`,
        `export function close(ctx: CallContext, db) {}`,
      ].join('\n'),
    });
    assertProblems(problems, [
      about(
        `${service}:3`,
        'administer must be administer(ctx, input)',
        'not named ctx',
        'not typed with a context',
        'a parameter db',
        'names the type Database',
      ),
      about(`${service}:4`, 'lock must be lock(ctx, input)', 'names the type Database'),
      about(`${service}:5`, 'close must be close(ctx, input)', 'input is not one object', 'a parameter db'),
    ]);
  });

  test('a service re-exporting a query, or any value it did not declare, fails; type-only exports pass', () => {
    const service = `${D}/tenancy/service.ts`;
    const problems = check({
      [service]: [
        `import * as q from './queries.ts';`,
        `import { add } from './queries.ts';`,
        `export { close } from './queries.ts';`,
        `export * from './queries.ts';`,
        `export { add };`,
        `export const lockCompany = q.close;`,
        `export type { Row } from './queries.ts';`,
        `export { type Other } from './queries.ts';`,
        `export type * from './queries.ts';`,
      ].join('\n'),
    });
    assertProblems(problems, [
      about(`${service}:3`, 're-exports close from ./queries.ts'),
      about(`${service}:4`, 're-exports everything of ./queries.ts'),
      about(`${service}:5`, 're-exports add:'),
      about(`${service}:6`, 'exports lockCompany, neither a function fn(ctx, input) nor an UPPER_SNAKE_CASE constant'),
    ]);
  });

  test('a service exporting positional arguments, a helper without ctx or a non-literal constant fails', () => {
    const service = `${D}/users/service.ts`;
    const problems = check({
      [service]: [
        `import type { CallContext } from '../../platform/context.ts';`,
        `export async function requireCompany(ctx: CallContext, companyId: number, mode: 'read' | 'write') {}`,
        `export const userLabel = (user: { email: string }) => user.email;`,
        `export const hashPassword = (ctx: CallContext, password: string) => password;`,
        `export const named = (ctx: CallContext, ...rest: number[]) => rest;`,
        `export const MAX_USERS = 10;`,
        `export const ROLES = ['admin', { name: 'member' }] as const;`,
        `export const TODAY = new Date();`,
        `export const cache = new Map();`,
        `export class Users {}`,
        `export default function () {}`,
      ].join('\n'),
    });
    assertProblems(problems, [
      about(`${service}:2`, 'requireCompany must be requireCompany(ctx, input)', 'input is not one object', 'takes 3 parameters'),
      about(`${service}:3`, 'userLabel must be userLabel(ctx, input)', 'not named ctx', 'not typed with a context'),
      about(`${service}:4`, 'hashPassword must be hashPassword(ctx, input)', 'input is not one object'),
      about(`${service}:5`, 'named must be named(ctx, input)', 'input is not one object'),
      about(`${service}:8`, 'exports TODAY, neither'),
      about(`${service}:9`, 'exports cache, neither'),
      about(`${service}:10`, 'exports a class'),
      about(`${service}:11`, 'a default export'),
    ]);
  });

  test('a service passes with fn(ctx, input) in every accepted form: context aliases, Pick, named and literal inputs', () => {
    const problems = check({
      [`${D}/notifications/service.ts`]: [
        `import type { CallContext, PublicContext } from '../../platform/context.ts';`,
        `type MailContext = CallContext<Actor | null>;`,
        `export interface Mail { to: string }`,
        `export async function send(ctx: MailContext, input: Mail): Promise<void> {}`,
        `export const purge = async (ctx: Pick<CallContext, 'db' | 'clock'>) => 0;`,
        `export function preview(ctx: PublicContext, { name }: { name: string } = { name: 'x' }) { return name; }`,
        `export const both = (ctx: CallContext, input: Mail & { cc?: string }) => input;`,
        `export const LIFETIME_MS = { reset: 60_000, verify: -1 };`,
      ].join('\n'),
    });
    assert.deepEqual(problems, []);
  });

  test('another domain importing routes.ts, jobs.ts or wiring.ts fails; the composition root may', () => {
    const problems = check({
      [`${D}/account/settings.ts`]: [
        `import { helpHandlers } from '../help/routes.ts';`,
        `import { purgeJob } from '../notifications/jobs.ts';`,
        `import { resolveActor } from '../auth/wiring.ts';`,
      ].join('\n'),
      [`${S}/handlers.ts`]: `import { helpHandlers } from './domains/help/routes.ts';\nimport { resolveActor } from './domains/auth/wiring.ts';\n`,
      [`${S}/jobs.ts`]: `import { purgeJob } from './domains/notifications/jobs.ts';\n`,
    });
    assertProblems(problems, [
      about(`${D}/account/settings.ts:1`, 'may not import routes.ts of help', 'composition root'),
      about(`${D}/account/settings.ts:2`, 'may not import jobs.ts of notifications', 'composition root'),
      about(`${D}/account/settings.ts:3`, 'may not import wiring.ts of auth', 'composition root'),
    ]);
  });

  test('--api-of limits the service rule to the domains named', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
    roots.push(root);
    const files = { ...CLEAN, [`${D}/users/service.ts`]: `export const findUser = (db, id) => id;\n` };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    assert.equal(checkLayers(root, { apiOf: ['tenancy'] }).length, 0);
    assertProblems(checkLayers(root, { apiOf: ['users'] }), [about(`${D}/users/service.ts:1`, 'findUser must be findUser(ctx, input)')]);
  });

  test('a domain registering a raw route fails; through the platform, in a test, or on a map it does not', () => {
    const problems = check({
      [`${D}/users/routes.ts`]: [
        `import type { FastifyInstance } from 'fastify';`,
        `import { registerEntries } from '../../platform/entry.ts';`,
        `export function install(app: FastifyInstance, web: FastifyInstance, seen: Map<string, number>) {`,
        `  registerEntries(app, [], app.deps);`,
        `  seen.get('a');`,
        `  // app.get('/in-a-comment') is no route`,
        `  app.get<{ Querystring: { id: string } }>('/raw', async () => 'raw');`,
        `  web.route({ method: 'POST', url: '/raw-too', handler: async () => null });`,
        `}`,
      ].join('\n'),
      [`${D}/users/routes.test.ts`]: `export const build = (app) => app.get('/test-only', async () => null);\n`,
      [`${S}/platform/entry.ts`]: `export function registerEntries(app, handlers) { for (const h of handlers) app.route(h); }\n`,
    });
    assertProblems(problems, [
      about(`${D}/users/routes.ts:7`, 'a raw route (app.get)'),
      about(`${D}/users/routes.ts:8`, 'a raw route (web.route)'),
    ]);
  });

  test('the platform importing a domain fails', () => {
    const problems = check({
      [`${S}/platform/handle.ts`]: `import type { User } from '../domains/users/service.ts';\nexport type U = User;\n`,
    });
    assertProblems(problems, [
      about(`${S}/platform/handle.ts`, 'the platform knows no domain'),
      /^circle between domains: platform -> users -> tenancy -> platform \(platform\/handle\.ts -> users\/service\.ts; /,
    ]);
  });

  test('a web feature importing another feature’s components fails; its api/ passes', () => {
    const problems = check({
      [`${W}/features/account/components/Account.tsx`]: [
        `import { list } from '../../companies/api/companies.ts';`,
        `import { CompanyList } from '../../companies/components/CompanyList.tsx';`,
        `export const A = () => [list, CompanyList];`,
      ].join('\n'),
    });
    assertProblems(problems, [
      about(`${W}/features/account/components/Account.tsx:2`, 'feature account may import only the api/ folder of feature companies'),
    ]);
  });

  test('shared web code importing a feature or the app fails; a feature importing the app fails', () => {
    const problems = check({
      [`${W}/lib/nav.ts`]: `import { routes } from '../app/routes.tsx';\nimport { list } from '../features/companies/api/companies.ts';\n`,
      [`${W}/features/companies/api/companies.ts`]: `import { routes } from '../../../app/routes.tsx';\nexport const list = routes;\n`,
    });
    assertProblems(problems, [
      about(`${W}/lib/nav.ts:1`, 'shared code'),
      about(`${W}/lib/nav.ts:2`, 'shared code'),
      about(`${W}/features/companies/api/companies.ts`, 'features may not depend on the app'),
    ]);
  });

  test('the contract importing app code fails', () => {
    const problems = check({
      'packages/contract/src/users/get-user.ts': `import type { Config } from '../../../../apps/server/src/config';\nimport '@portal/server/src/app.ts';\n`,
    });
    assertProblems(problems, [
      about('packages/contract/src/users/get-user.ts:1', 'the contract may not import app code'),
      about('packages/contract/src/users/get-user.ts:2', 'the contract may not import app code'),
    ]);
  });
});

describe('scanSource and importsOf', () => {
  const specs = (text) => importsOf(scanSource(text)).map(({ spec, typeOnly }) => `${spec}${typeOnly ? ' (type)' : ''}`);

  test('finds every form of import and re-export', () => {
    const text = [
      `import a from './a';`,
      `import type { B } from './b';`,
      `import { type C, type D as E } from './c';`,
      `import f, { g } from './f';`,
      `import * as h from './h';`,
      `import './side-effect';`,
      `export { i } from './i';`,
      `export * from './j';`,
      `export type * as k from './k';`,
      `const l = await import('./l');`,
      `import {`,
      `  m,`,
      `  n,`,
      `} from "./m";`,
    ].join('\n');
    assert.deepEqual(specs(text), [
      './a',
      './b (type)',
      './c (type)',
      './f',
      './h',
      './side-effect',
      './i',
      './j',
      './k (type)',
      './l',
      './m',
    ]);
  });

  test('ignores imports in comments, strings and templates', () => {
    const text = [
      `// import a from './a';`,
      `/* import b from './b'; */`,
      `const c = "import c from './c'";`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test has a template
      'const d = `import d from "./d" ${x}`;',
      `const e = /'/.test(s) ? 1 : 2; import e from './e';`,
    ].join('\n');
    assert.deepEqual(specs(text), ['./e']);
  });

  test('collects string and template text, each interpolation left as a placeholder', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test has templates
    const scan = scanSource("const q = sql`insert into ${t} values (${`nested ${1}`})`;\nconst s = 'delete from x';");
    assert.deepEqual(
      scan.strings.map((s) => s.text),
      ['nested  ? ', 'insert into  ?  values ( ? )', 'delete from x'],
    );
    assert.match(scan.code, /sql`/);
    assert.doesNotMatch(scan.code, /insert/);
  });
});
