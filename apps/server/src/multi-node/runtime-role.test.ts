import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { ON_POSTGRES, PRODUCTION_ENV, newCompany } from '../test/harness.ts';
import { BrowserBehindBalancer, cloneDatabase } from './cluster.ts';
import { startProcess } from './process.ts';

if (!ON_POSTGRES) console.log('runtime role suite skipped: roles and grants are PostgreSQL (set DATABASE_URL)');

/** The runtime role's grants exactly as docs/deployment.md gives them, for this database and role. */
function documentedGrants(database: string, role: string, migrator: string): string[] {
  const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
  const block = /```sql\n(-- The runtime role[\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deployment.md has no block of the runtime role');
  return block
    .split('\n')
    .filter((line) => line && !line.startsWith('--'))
    .join('\n')
    .split(/;\n?/)
    .filter(Boolean)
    .map((statement) =>
      statement
        .replace(/\bportal_runtime\b/g, role)
        .replace(/\bportal_migrator\b/g, migrator)
        .replace(/\bDATABASE portal\b/g, `DATABASE ${database}`),
    );
}

/** What production asks, the runtime role as the database's user; the node does not migrate (decision 0077). */
const productionAs = (url: string) => {
  const { EMBEDDED_DATABASE: _embedded, ...production } = PRODUCTION_ENV;
  return { ...production, DATABASE_URL: url };
};

const TICKET = {
  target_ticket_type: 2,
  target_ticket_subject: 'Asked as the runtime role',
  target_server_version: '24.3.1',
  target_server_os: 'Linux',
  target_message_overview: 'Since Monday',
  target_message_device_details: 'Device 7',
  target_message_extra: null,
  target_attachments: [],
};

describe.skipIf(!ON_POSTGRES)('a production node as a role without DDL rights', () => {
  const role = `portal_rt_${randomBytes(4).toString('hex')}`;
  let database: Awaited<ReturnType<typeof cloneDatabase>>;
  let handle: DatabaseHandle;
  let owner: pg.Client;
  let runtimeUrl = '';
  const nodes: Awaited<ReturnType<typeof startProcess>>[] = [];

  beforeAll(async () => {
    // The suite's migrated template, cloned: its tables belong to the suite's own user, who stands for the migrator.
    database = await cloneDatabase();
    handle = await openDatabase({ url: database.url });
    owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    const migrator = (await owner.query<{ name: string }>('select current_user as name')).rows[0]?.name ?? '';
    for (const statement of documentedGrants(database.name, role, migrator)) await owner.query(statement);
    const url = new URL(database.url);
    url.username = role;
    url.password = 'change-me';
    runtimeUrl = url.toString();
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
    await handle?.close();
    await owner?.end();
    await database?.drop();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it('cannot change the schema', async () => {
    const asRuntime = new pg.Client({ connectionString: runtimeUrl });
    await asRuntime.connect();
    try {
      await expect(asRuntime.query('create table intruder (id int)')).rejects.toMatchObject({ code: '42501' });
      await expect(asRuntime.query('alter table users add column intruder int')).rejects.toMatchObject({ code: '42501' });
      await expect(asRuntime.query('truncate companies cascade')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await asRuntime.end();
    }
  });

  it('starts without migrating and serves a sign-in and the calls after it', async () => {
    const node = await startProcess(runtimeUrl, productionAs(runtimeUrl));
    nodes.push(node);
    const { user } = await newCompany(handle.db, { current_state: 'ACTIVE' });
    const browser = new BrowserBehindBalancer('10.18.4.1');
    const signedIn = await browser.signIn(node.node, user.email);
    expect(signedIn.json.status, JSON.stringify(signedIn.json)).toBe('ok');
    expect((await browser.post(node.node, getAuthContext.path, {})).json.data).toMatchObject({ email: user.email });
    const ticket = await browser.post(node.node, createTicket.path, TICKET);
    expect(ticket.json, node.output()).toMatchObject({ status: 'ok' });
    expect((await fetch(`${node.node.base}/readyz`)).status).toBe(200);
    node.child.kill('SIGTERM');
    expect(await node.exited, node.output()).toBe(0);
    expect(node.output()).not.toMatch(/permission denied|"level":50/);
  }, 120_000);

  it('refuses to start on a database that lacks a migration, saying to run npm run migrate', async () => {
    await owner.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    await expect(startProcess(runtimeUrl, productionAs(runtimeUrl))).rejects.toThrow(
      /The database lacks 1 migration\(s\), from \d{4}_\w+: run `npm run migrate`/,
    );
  }, 120_000);
});
