import type { AddressInfo } from 'node:net';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stream, openStream } from '../../test/event-stream.ts';
import { setUser } from '../../test/rows.ts';
import { TestClient, type TestContext, appWith, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { VIEWER_TTL_MS } from './viewers.ts';

let t: TestContext;
/** A second app node on the same database: viewers on one are seen from the other. */
let nodeB: FastifyInstance;
let urlA: string;
let urlB: string;
let customerId: number;
let ada: number;
let bob: number;
let cleo: number;

const client = (userId: number, app = t.app) => new TestClient(app).useSession(t.db, t.clock, userId);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestContext();
  nodeB = await appWith(t);
  urlA = await listen(t.app);
  urlB = await listen(nodeB);
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', company_name: 'Vendor' });
  ada = (await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Ada Agent' })).id;
  bob = (await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Bob Backline' })).id;
  cleo = (await newUser(t.db, vendor.company.id, { staff_role: 'admin', contact_name: 'Cleo Chief' })).id;
  const c = await newCompany(t.db, { current_state: 'ACTIVE', company_name: 'Acme' });
  customerId = c.user.id;
  await setUser(t, customerId, { contact_name: 'Casey Customer' });
});
afterAll(async () => {
  await nodeB.close();
  await t.close();
});

async function newTicketId(): Promise<number> {
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
  return ok(await (await client(customerId)).call(createTicket, form)).data;
}

/** The `viewers` events a stream has received so far, oldest first. */
const viewerEvents = (s: Stream) =>
  [...s.text().matchAll(/event: viewers\ndata: (.*)\n\n/g)].map(
    (m) => (JSON.parse(m[1] ?? '{}') as { viewers: { contact_name: string; is_staff: boolean }[] }).viewers,
  );

const names = (s: Stream) =>
  viewerEvents(s)
    .at(-1)
    ?.map((v) => v.contact_name);

/** Waits until the stream's latest `viewers` event names exactly these people. */
async function waitForViewers(s: Stream, expected: string[]) {
  for (let i = 0; i < 300; i++) {
    if (JSON.stringify(names(s)) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(names(s)).toEqual(expected);
}

describe('who else is viewing a ticket', () => {
  it('staff on two app nodes see each other, and the customer, live; leaving is seen too', async () => {
    const id = await newTicketId();
    const a = await openStream(urlA, await client(ada), id);
    await waitForViewers(a, []);
    const b = await openStream(urlB, await client(bob, nodeB), id);
    await waitForViewers(b, ['Ada Agent']);
    await waitForViewers(a, ['Bob Backline']);
    const customer = await openStream(urlB, await client(customerId, nodeB), id);
    await waitForViewers(a, ['Bob Backline', 'Casey Customer']);
    await waitForViewers(b, ['Ada Agent', 'Casey Customer']);
    expect(
      viewerEvents(a)
        .at(-1)
        ?.map((v) => v.is_staff),
    ).toEqual([true, false]);
    b.close();
    await waitForViewers(a, ['Casey Customer']);
    customer.close();
    await waitForViewers(a, []);
    a.close();
  });

  it('a customer’s stream never carries who is viewing, and the same person in two tabs is not their own viewer', async () => {
    const id = await newTicketId();
    const customer = await openStream(urlA, await client(customerId), id);
    await customer.waitFor(': open');
    const a1 = await openStream(urlA, await client(ada), id);
    const a2 = await openStream(urlB, await client(ada, nodeB), id);
    await waitForViewers(a1, ['Casey Customer']);
    await waitForViewers(a2, ['Casey Customer']);
    const b = await openStream(urlB, await client(bob, nodeB), id);
    await waitForViewers(b, ['Ada Agent', 'Casey Customer']);
    await waitForViewers(a1, ['Bob Backline', 'Casey Customer']);
    expect(customer.text()).not.toContain('event: viewers');
    expect(customer.text()).not.toMatch(/Ada|Bob/);
    for (const s of [customer, a1, a2, b]) s.close();
  });

  it('a viewer whose node stopped renewing drops out once expired', async () => {
    const id = await newTicketId();
    const a = await openStream(urlA, await client(ada), id);
    const b = await openStream(urlB, await client(bob, nodeB), id);
    await waitForViewers(a, ['Bob Backline']);
    // Nobody's heartbeat has run: past the expiry both rows are stale, as a dead node's would be.
    t.clock.advance(VIEWER_TTL_MS + 1000);
    const c = await openStream(urlA, await client(cleo), id);
    await waitForViewers(a, ['Cleo Chief']);
    await waitForViewers(c, []);
    for (const s of [a, b, c]) s.close();
  });
});
