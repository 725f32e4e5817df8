import { getAuthContext } from '@portal/contract/auth/auth-context';
import { logout } from '@portal/contract/auth/login';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { createComment, getTicketHash } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE, THROTTLE_MESSAGES } from '../domains/auth/throttle.ts';
import { queueMail } from '../platform/mail.ts';
import { openStream } from '../test/event-stream.ts';
import { forgotten, quiet } from '../test/session-notices.ts';
import { ON_POSTGRES, TEST_PASSWORD, TestClient, newCompany, newUser } from '../test/harness.ts';
import { type MailCapture, startMailCapture } from '../test/mail.ts';
import { BrowserBehindBalancer, type Cluster, pick, startCluster } from './cluster.ts';

if (!ON_POSTGRES) {
  console.log('multi-node suite skipped: PGlite is one process, several app nodes need PostgreSQL (set DATABASE_URL)');
}

/** Each node's own limit; several nodes together must still give an address only this many requests a minute. */
const LIMIT = 12;

describe.skipIf(!ON_POSTGRES)('three app nodes on one PostgreSQL database', () => {
  let cluster: Cluster;
  let smtp: MailCapture;
  const node = (i: number) => pick(cluster.nodes, i);

  beforeAll(async () => {
    smtp = await startMailCapture();
    cluster = await startCluster(3, { RATE_LIMIT_PER_MINUTE: String(LIMIT), SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await cluster?.close();
    await smtp?.close();
  });

  it('a session started on node A works on node B, and logging out on B ends it on A and C', async () => {
    const { user } = await newCompany(node(0).handle.db, { current_state: 'ACTIVE' });
    const browser = new BrowserBehindBalancer('10.18.0.1');
    expect((await browser.post(node(0), '/api/v1/user/login', { target_type: 'email', target_user: user.email })).status).toBe(200);
    const signedIn = await browser.post(node(0), '/api/v1/user/login', {
      target_type: 'password',
      target_user: user.email,
      target_password: TEST_PASSWORD,
    });
    expect(signedIn.json.status).toBe('ok');
    for (const i of [0, 1, 2]) {
      const auth = await browser.post(node(i), getAuthContext.path, {});
      expect(auth.json.data, `node ${i}`).toMatchObject({ email: user.email });
    }
    const gone = { ...browser.cookies };
    // The sign-in's own notices first, so the generation moves next for the logout's.
    await Promise.all([0, 2].map((i) => quiet(node(i).app)));
    const before = [0, 2].map((i) => node(i).app.sessionCache.generation);
    expect((await browser.post(node(1), logout.path, {})).json.status).toBe('ok');
    // Nodes A and C keep a session for a few seconds and forget it when PostgreSQL's notice of the logout
    // reaches them (decision 0068): milliseconds after the commit, but a request sent at once can beat it.
    await Promise.all([0, 2].map((i, k) => forgotten(node(i).app, before[k] ?? -1)));
    // The old cookies, replayed on the other nodes, are no session any more.
    const replay = new BrowserBehindBalancer('10.18.0.1');
    replay.cookies = gone;
    for (const i of [0, 2]) expect((await replay.post(node(i), getAuthContext.path, {})).json.data, `node ${i}`).toBeNull();
  });

  it(`the rate limit counts an address's requests on every node together: ${LIMIT} a minute, not ${LIMIT} per node`, async () => {
    const browser = new BrowserBehindBalancer('10.18.0.2');
    const codes: number[] = [];
    for (let i = 0; i < LIMIT; i++) codes.push((await browser.post(node(i), getAuthContext.path, {})).status);
    expect(codes).toEqual(Array(LIMIT).fill(200));
    for (const i of [0, 1, 2]) {
      const refused = await browser.post(node(i), getAuthContext.path, {});
      expect({ node: i, status: refused.status, message: refused.json.message }).toEqual({
        node: i,
        status: 429,
        message: 'Too many requests, please try again later',
      });
    }
    // Another address keeps its own budget.
    expect((await new BrowserBehindBalancer('10.18.0.3').post(node(2), getAuthContext.path, {})).status).toBe(200);
  });

  it('the sign-in throttle counts wrong passwords for an account on every node together', async () => {
    const { user } = await newCompany(node(0).handle.db, { current_state: 'ACTIVE' });
    const guess = (i: number) =>
      // A new address for each guess: the account's count alone must stop them.
      new BrowserBehindBalancer(`10.18.1.${i}`).post(node(i), '/api/v1/user/login', {
        target_type: 'password',
        target_user: user.email,
        target_password: 'wrong password',
      });
    for (let i = 0; i < THROTTLE.freeFailures; i++) {
      const res = await guess(i);
      expect(res.status, `guess ${i} on node ${i % 3}`).not.toBe(429);
    }
    // A per-node count would have allowed freeFailures guesses on each node; every node now makes the next wait.
    for (const i of [0, 1, 2]) {
      const res = await guess(THROTTLE.freeFailures + i);
      expect({ status: res.status, message: res.json.message }).toEqual({ status: 429, message: THROTTLE_MESSAGES.slowDown(1) });
    }
  });

  it('a ticket comment posted through node A reaches a live stream open on node B within a second', async () => {
    const db = node(0).handle.db;
    const vendor = await newCompany(db, { company_type: 'admin', current_state: 'ACTIVE', company_name: 'Vendor' });
    const staff = await newUser(db, vendor.company.id, { staff_role: 'support' });
    const customer = await newCompany(db, { current_state: 'ACTIVE', company_name: 'Acme' });
    const asCustomer = await new TestClient(node(1).app).useSession(db, cluster.clock, customer.user.id);
    const asStaff = new BrowserBehindBalancer('10.18.0.4');
    asStaff.cookies = { ...(await new TestClient(node(0).app).useSession(db, cluster.clock, staff.id)).cookies };
    const created = await asCustomer.call(createTicket, {
      target_ticket_type: 2,
      target_ticket_subject: 'Backups fail',
      target_server_version: '24.3.1',
      target_server_os: 'Linux',
      target_message_overview: 'Since Monday',
      target_message_device_details: 'Device 7',
      target_message_extra: null,
      target_attachments: [],
    });
    if (created.status !== 'ok') throw new Error(created.message);
    const id = created.data;
    const stream = await openStream(node(1).base, asCustomer, id);
    await stream.waitFor(': open');
    const { hash } = (await asStaff.post(node(0), getTicketHash.path, { target_ticket_id: id })).json.data as { hash: string };
    const commented = await asStaff.post(node(0), createComment.path, {
      target_ticket_id: id,
      target_body: 'We are on it',
      target_attachments: [],
      expect_ticket_hash: hash,
      expect_company_id: customer.company.id,
    });
    expect(commented.json.status).toBe('ok');
    const took = await stream.waitFor(`event: changed\ndata: {"ticket_id":${id}}\n\n`, 1000);
    expect(took).toBeLessThan(1000);
    stream.close();
  });

  it('mail in the outbox is delivered exactly once while every node delivers', async () => {
    const db = node(0).handle.db;
    const count = 60;
    for (let i = 0; i < count; i++) {
      await queueMail(db, cluster.clock, {
        template: 'multi-node',
        to: `once-${i}@example.com`,
        companyId: null,
        subject: `Mail ${i}`,
        text: 'Hello',
        html: '<p>Hello</p>',
      });
    }
    const stops = cluster.nodes.map((n) => n.app.mailDelivery.start(20));
    try {
      await Promise.all(Array.from({ length: count }, (_, i) => smtp.waitFor(`once-${i}@example.com`, 20_000)));
      // Give a duplicate every chance to arrive before counting.
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      for (const stop of stops) stop();
    }
    const received = smtp.mails.filter((m) => m.subject.startsWith('Mail ')).map((m) => m.to[0]);
    expect(received).toHaveLength(count);
    expect(new Set(received).size).toBe(count);
  });
});
