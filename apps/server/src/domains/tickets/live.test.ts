import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { createComment, getTicketHash } from '@portal/contract/tickets/ticket-view';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { createTicketNote, deleteTicketNote, setAssignees, setStatus, updateTicketNote } from '@portal/contract/tickets/ticket-staff';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../../platform/session.ts';
import { TestClient, type TestContext, appWith, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { openStream } from '../../test/event-stream.ts';
import { MAX_STREAMS_PER_SESSION, RETRY_MS, TOO_MANY_STREAMS } from './live.ts';

let t: TestContext;
/** A second app node on the same database: a stream open on it hears of changes made through the first. */
let nodeB: FastifyInstance;
let urlA: string;
let urlB: string;
let customerId: number;
let customerCompanyId: number;
let staffId: number;
let adminId: number;
let otherId: number;

const client = (userId: number, app = t.app) => new TestClient(app).useSession(t.db, t.clock, userId);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Waits until the node holds no stream and no feed subscriber: a closed page leaves nothing behind. */
async function drained(app: FastifyInstance) {
  for (let i = 0; i < 100 && (app.ticketLive.streams() > 0 || app.ticketLive.feed.size > 0); i++)
    await new Promise((r) => setTimeout(r, 10));
  expect({ streams: app.ticketLive.streams(), subscribers: app.ticketLive.feed.size }).toEqual({ streams: 0, subscribers: 0 });
}

const form = {
  target_ticket_type: 2,
  target_ticket_subject: 'Backups fail',
  target_server_version: '24.3.1',
  target_server_os: 'Linux' as const,
  target_message_overview: 'Since Monday',
  target_message_device_details: 'Device 7',
  target_message_extra: null,
  target_attachments: [],
};

async function newTicketId(): Promise<number> {
  return ok(await (await client(customerId)).call(createTicket, form)).data;
}

async function reply(asUserId: number, ticketId: number, body = 'We are on it') {
  const c = await client(asUserId);
  const { hash } = ok(await c.call(getTicketHash, { target_ticket_id: ticketId })).data;
  return c.call(createComment, {
    target_ticket_id: ticketId,
    target_body: body,
    target_attachments: [],
    expect_ticket_hash: hash,
    expect_company_id: customerCompanyId,
  });
}

beforeAll(async () => {
  t = await createTestContext();
  nodeB = await appWith(t);
  urlA = await listen(t.app);
  urlB = await listen(nodeB);
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', company_name: 'Vendor' });
  staffId = (await newUser(t.db, vendor.company.id, { staff_role: 'support' })).id;
  adminId = (await newUser(t.db, vendor.company.id, { staff_role: 'admin' })).id;
  const c = await newCompany(t.db, { current_state: 'ACTIVE', company_name: 'Acme' });
  customerId = c.user.id;
  customerCompanyId = c.company.id;
  otherId = (await newCompany(t.db, { current_state: 'ACTIVE' })).user.id;
});
afterAll(async () => {
  await nodeB.close();
  await t.close();
});

describe('the ticket event stream', () => {
  it("a comment posted through one app node reaches the customer's stream open on another node within a second", async () => {
    const id = await newTicketId();
    const stream = await openStream(urlB, await client(customerId, nodeB), id);
    expect(stream.status).toBe(200);
    expect(stream.type).toMatch(/^text\/event-stream/);
    await stream.waitFor(`retry: ${RETRY_MS}`);
    expect(stream.text()).not.toContain('event: changed');
    ok(await reply(staffId, id));
    const took = await stream.waitFor(`event: changed\ndata: {"ticket_id":${id}}\n\n`, 1000);
    expect(took).toBeLessThan(1000);
    stream.close();
    await drained(nodeB);
  });

  it('staff see the customer’s comment and a status change the same way; another ticket’s news is not sent', async () => {
    const id = await newTicketId();
    const elsewhere = await newTicketId();
    const stream = await openStream(urlA, await client(staffId), id);
    await stream.waitFor(': open');
    ok(await reply(customerId, elsewhere, 'Unrelated'));
    ok(await reply(customerId, id, 'Any news?'));
    await stream.waitFor('event: changed');
    expect(stream.text().match(/event: changed/g)).toHaveLength(1);
    expect(stream.text()).not.toContain(`"ticket_id":${elsewhere}`);
    ok(await (await client(staffId)).call(setStatus, { target_ticket_id: id, target_new_value: 'Need investigation' }));
    for (let i = 0; i < 100 && (stream.text().match(/event: changed/g) ?? []).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(stream.text().match(/event: changed/g)).toHaveLength(2);
    stream.close();
    await drained(t.app);
  });

  it('notes and assignees are news for staff streams only; a customer’s stream hears only of what the customer sees', async () => {
    const id = await newTicketId();
    const customer = await openStream(urlB, await client(customerId, nodeB), id);
    const support = await openStream(urlA, await client(staffId), id);
    const admin = await openStream(urlB, await client(adminId, nodeB), id);
    await Promise.all([customer, support, admin].map((s) => s.waitFor(': open')));
    const events = (s: typeof customer) => (s.text().match(/event: changed/g) ?? []).length;
    const heard = async (s: typeof customer, n: number) => {
      for (let i = 0; i < 100 && events(s) < n; i++) await new Promise((r) => setTimeout(r, 10));
      expect(events(s)).toBe(n);
    };

    const asSupport = await client(staffId);
    const note = ok(await asSupport.call(createTicketNote, { target_ticket_id: id, target_note_content: 'They sound upset' })).data;
    ok(await asSupport.call(updateTicketNote, { target_ticket_id: id, target_note_id: note.id, target_note_content: 'Call them' }));
    ok(await asSupport.call(deleteTicketNote, { target_ticket_id: id, target_note_id: note.id }));
    ok(await (await client(adminId)).call(setAssignees, { target_ticket_id: id, target_user_ids: [staffId] }));
    await heard(support, 4);
    await heard(admin, 4);
    // A comment the customer sees comes after the staff-only changes: it is the first and only news their stream
    // carries, on the node where the staff-only news arrived first too.
    ok(await reply(staffId, id));
    await customer.waitFor('event: changed');
    await heard(admin, 5);
    expect(events(customer)).toBe(1);
    await heard(support, 5);
    for (const s of [customer, support, admin]) s.close();
    await Promise.all([drained(t.app), drained(nodeB)]);
  });

  it('a refused change (stale hash, rolled back) sends nothing: the notification is part of the transaction', async () => {
    const id = await newTicketId();
    const stream = await openStream(urlB, await client(customerId, nodeB), id);
    await stream.waitFor(': open');
    const stale = await (await client(staffId)).call(createComment, {
      target_ticket_id: id,
      target_body: 'Late',
      target_attachments: [],
      expect_ticket_hash: 'stale',
      expect_company_id: customerCompanyId,
    });
    expect(stale.code).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.text()).not.toContain('event: changed');
    stream.close();
    await drained(nodeB);
  });

  it('without a session or with a forged one, for another company’s, a missing or a malformed ticket: refused before any stream', async () => {
    const id = await newTicketId();
    const cases: [TestClient | null, string | number, number, string][] = [
      [null, id, 401, MESSAGES.notLoggedIn],
      [new TestClient(t.app), id, 401, MESSAGES.notLoggedIn],
      [await client(otherId), id, 404, TICKET_MESSAGES.notFound],
      [await client(customerId), 2_000_000_000, 404, TICKET_MESSAGES.notFound],
      [await client(customerId), 'abc', 404, TICKET_MESSAGES.notFound],
      [await client(customerId), '', 404, TICKET_MESSAGES.notFound],
    ];
    const forged = new TestClient(t.app);
    forged.cookies = { [SESSION_COOKIE]: 'not-a-session' };
    cases.push([forged, id, 401, MESSAGES.notLoggedIn]);
    for (const [c, ticket, code, message] of cases) {
      const stream = await openStream(urlA, c, ticket);
      await stream.ended;
      expect({ code: stream.status, type: stream.type }).toEqual({ code, type: expect.stringMatching(/^application\/json/) });
      expect(JSON.parse(stream.text())).toMatchObject({ status: 'error', code, message });
      // Exactly as get_hash answers the same caller for the same ticket.
      if (c && typeof ticket === 'number') expect((await c.call(getTicketHash, { target_ticket_id: ticket })).code).toBe(code);
    }
    await drained(t.app);
  });

  it('another company’s stream answers exactly as a missing ticket’s', async () => {
    const id = await newTicketId();
    const other = await client(otherId);
    const hidden = await openStream(urlA, other, id);
    const missing = await openStream(urlA, other, 2_000_000_000);
    await Promise.all([hidden.ended, missing.ended]);
    expect([hidden.status, hidden.text()]).toEqual([missing.status, missing.text()]);
  });

  it('a closed page (client abort) ends its stream and leaves no subscriber on the node', async () => {
    const id = await newTicketId();
    const streams = await Promise.all([1, 2, 3].map(async () => openStream(urlB, await client(customerId, nodeB), id)));
    await Promise.all(streams.map((s) => s.waitFor(': open')));
    expect(nodeB.ticketLive.streams()).toBe(3);
    expect(nodeB.ticketLive.feed.size).toBe(3);
    for (const s of streams) s.close();
    await drained(nodeB);
    // The node still serves news after the others left.
    const again = await openStream(urlB, await client(customerId, nodeB), id);
    await again.waitFor(': open');
    ok(await reply(staffId, id));
    await again.waitFor('event: changed');
    again.close();
    await drained(nodeB);
  });

  it(`one session holds at most ${MAX_STREAMS_PER_SESSION} streams on a node; closing one frees its place`, async () => {
    const id = await newTicketId();
    const c = await client(customerId, nodeB);
    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      const s = await openStream(urlB, c, id);
      await s.waitFor(': open');
      held.push(s);
    }
    const refused = await openStream(urlB, c, id);
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text()).message).toBe(TOO_MANY_STREAMS);
    // Another session of the same user is not held back by this one.
    const otherTab = await openStream(urlB, await client(customerId, nodeB), id);
    await otherTab.waitFor(': open');
    otherTab.close();
    held.pop()?.close();
    await new Promise((r) => setTimeout(r, 100));
    const freed = await openStream(urlB, c, id);
    await freed.waitFor(': open');
    for (const s of [...held, freed]) s.close();
    await drained(nodeB);
  });

  it('a stream does not outlive its session: once the session has ended the next news ends the stream instead', async () => {
    const id = await newTicketId();
    const stream = await openStream(urlA, await client(customerId), id);
    await stream.waitFor(': open');
    t.clock.advance(SESSION_IDLE_MS + 1000);
    ok(await reply(staffId, id));
    await stream.ended;
    expect(stream.text()).not.toContain('event: changed');
    await drained(t.app);
  });

  it('closing the app ends the streams still open on it', async () => {
    const extra = await appWith(t);
    const url = await listen(extra);
    const id = await newTicketId();
    const stream = await openStream(url, await client(customerId, extra), id);
    await stream.waitFor(': open');
    await extra.close();
    await stream.ended;
    expect(extra.ticketLive.feed.size).toBe(0);
  });
});
