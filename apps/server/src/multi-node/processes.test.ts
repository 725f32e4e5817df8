import { getAuthContext } from '@portal/contract/auth/auth-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { sql } from 'drizzle-orm';
import { CSRF_COOKIE, SESSION_COOKIE } from '../platform/session.ts';
import { newSession } from '../test/factories.ts';
import { ON_POSTGRES, newCompany } from '../test/harness.ts';
import { BrowserBehindBalancer, cloneDatabase } from './cluster.ts';
import { startProcess } from './process.ts';

if (!ON_POSTGRES) console.log('multi-process suite skipped: several server processes need PostgreSQL (set DATABASE_URL)');

const TICKET = {
  target_ticket_type: 2,
  target_ticket_subject: '',
  target_server_version: '24.3.1',
  target_server_os: 'Linux',
  target_message_overview: 'Since Monday',
  target_message_device_details: 'Device 7',
  target_message_extra: null,
  target_attachments: [],
};

describe.skipIf(!ON_POSTGRES)('two server processes on one database', () => {
  let database: Awaited<ReturnType<typeof cloneDatabase>>;
  let handle: DatabaseHandle;
  const procs: Awaited<ReturnType<typeof startProcess>>[] = [];

  beforeAll(async () => {
    database = await cloneDatabase();
    handle = await openDatabase({ url: database.url });
    procs.push(...(await Promise.all([startProcess(database.url), startProcess(database.url)])));
  }, 120_000);
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await handle?.close();
    await database?.drop();
  });

  it('share a session; SIGTERM drains one (unready first, the other still ready) and it exits cleanly', async () => {
    const [a, b] = procs;
    if (!a || !b) throw new Error('processes not started');
    const { user } = await newCompany(handle.db, { current_state: 'ACTIVE' });
    const browser = new BrowserBehindBalancer('10.18.2.1');
    const signedIn = await browser.signIn(a.node, user.email);
    expect(signedIn.json.status).toBe('ok');
    expect((await browser.post(b.node, getAuthContext.path, {})).json.data).toMatchObject({ email: user.email });

    a.child.kill('SIGTERM');
    let readyA = 200;
    for (let i = 0; i < 50 && readyA === 200; i++) readyA = (await fetch(`${a.node.base}/readyz`)).status;
    expect(readyA).toBe(503);
    expect((await fetch(`${b.node.base}/readyz`)).status).toBe(200);
    expect(await a.exited, a.output()).toBe(0);
    // The session lives on with the other node.
    expect((await browser.post(b.node, getAuthContext.path, {})).json.data).toMatchObject({ email: user.email });
  }, 120_000);

  it('a node killed mid-request loses nothing it answered and leaves nothing half-written', async () => {
    const victim = await startProcess(database.url);
    procs.push(victim);
    const customers = await Promise.all(Array.from({ length: 12 }, () => newCompany(handle.db, { current_state: 'ACTIVE' })));
    const browsers = await Promise.all(
      customers.map(async (c, i) => {
        const b = new BrowserBehindBalancer(`10.18.3.${i}`);
        const { token, csrfToken } = await newSession(handle.db, new Date(), c.user.id, null);
        b.cookies = { [SESSION_COOKIE]: token, [CSRF_COOKIE]: csrfToken };
        return b;
      }),
    );
    // Tickets are written as a ticket and its first comment in one transaction.
    const answered: number[] = [];
    let cut = 0;
    let killed = false;
    const calls = Array.from({ length: 60 }, (_, i) =>
      browsers[i % browsers.length]
        ?.post(victim.node, createTicket.path, { ...TICKET, target_ticket_subject: `Killed mid-request ${i}` })
        .then((res) => {
          if (res.json.status === 'ok') answered.push(res.json.data as number);
          if (answered.length >= 5 && !killed) {
            killed = true;
            victim.child.kill('SIGKILL');
          }
        })
        .catch(() => {
          cut++;
        }),
    );
    await Promise.all(calls);
    await victim.exited;
    console.log(`killed with ${answered.length} tickets answered and ${cut} requests cut off`);
    expect(cut, 'requests cut off by the kill').toBeGreaterThan(0);
    const rows = await handle.db.execute(sql`
      select t.id, (select count(*) from ticket_comments c where c.ticket_id = t.id)::int as comments
      from tickets t where t.subject like 'Killed mid-request %'`);
    const written = (rows as unknown as { rows: { id: number; comments: number }[] }).rows;
    // Every answered ticket is there, and every ticket that is there has its comment: none is half-written.
    expect(answered.filter((id) => !written.some((w) => w.id === id))).toEqual([]);
    expect(written.filter((w) => w.comments !== 1)).toEqual([]);
    expect(written.length).toBeLessThan(60);
  }, 120_000);
});
