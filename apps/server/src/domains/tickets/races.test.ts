import { adminTicketsViewPage, createComment } from '@portal/contract/tickets/ticket-view';
import { addTag } from '@portal/contract/tickets/ticket-staff';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../test/factories.ts';
import {
  ON_POSTGRES,
  TestClient,
  type TestContext,
  createTestContext,
  newCompany,
  newUser,
  ok,
  parallelClients,
} from '../../test/harness.ts';

const N = 8;

/** Ticket changes that read before they write, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('ticket changes under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let supportUserId: number;
  beforeAll(async () => {
    t = await createTestContext();
    const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
    supportUserId = (await newUser(t.db, vendor.company.id, { staff_role: 'support' })).id;
  });
  afterAll(() => t.close());

  it('one user’s tags added at once land in one grouped update row holding every tag', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const id = await newTicket(t.db, t.clock.now(), company.id);
    const clients = await parallelClients(t, N, supportUserId);
    const answers = await Promise.all(clients.map((c, i) => c.call(addTag, { target_ticket_id: id, target_tag_input: `race-${i}` })));
    for (const a of answers) ok(a);
    const staff = await new TestClient(t.app).useSession(t.db, t.clock, supportUserId);
    const seen = ok(await staff.call(adminTicketsViewPage, { target_ticket_id: id })).data;
    expect(seen.tags).toHaveLength(N);
    const grouped = seen.updates.filter((u) => u.type === 'tags');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]?.added.sort()).toEqual(Array.from({ length: N }, (_, i) => `race-${i}`).sort());
  });

  it('comments sent at once with the same page hash: one lands, the others are told the ticket changed', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const id = await newTicket(t.db, t.clock.now(), company.id);
    const staff = await new TestClient(t.app).useSession(t.db, t.clock, supportUserId);
    const { hash } = ok(await staff.call(adminTicketsViewPage, { target_ticket_id: id })).data;
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.call(createComment, {
          target_ticket_id: id,
          target_body: `c${i}`,
          target_attachments: [],
          expect_ticket_hash: hash,
          expect_company_id: company.id,
        }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const a of answers.filter((x) => x.code === 409)) expect(a.message).toBe(TICKET_MESSAGES.hashChanged);
    expect(ok(await staff.call(adminTicketsViewPage, { target_ticket_id: id })).data.comments).toHaveLength(2);
  });
});
