import { adminTicketsViewPage, createComment } from '@portal/contract/tickets/ticket-view';
import { mergeTicket } from '@portal/contract/tickets/ticket-merge';
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

const PAIRS = 4;

/** Merges lock both tickets lowest id first (docs/decisions/0044): opposite merges at once take turns. */
describe.skipIf(!ON_POSTGRES)('ticket merges under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let supportUserId: number;
  beforeAll(async () => {
    t = await createTestContext();
    const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
    supportUserId = (await newUser(t.db, vendor.company.id, { staff_role: 'support' })).id;
  });
  afterAll(() => t.close());

  it('two merges of one pair in opposite directions: one lands, the other is refused with a pointer, no deadlock and no comment lost', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const pairs = [];
    for (let i = 0; i < PAIRS; i++)
      pairs.push([
        await newTicket(t.db, t.clock.now(), company.id, { body: `a${i}` }),
        await newTicket(t.db, t.clock.now(), company.id, { body: `b${i}` }),
      ] as const);
    const clients = await parallelClients(t, PAIRS * 2, supportUserId);
    const on = (i: number) => clients[i] as TestClient;
    const answers = await Promise.all(
      pairs.flatMap(([a, b], i) => [
        on(2 * i).call(mergeTicket, { target_ticket_id: a, target_merge_into_ticket_id: b }),
        on(2 * i + 1).call(mergeTicket, { target_ticket_id: b, target_merge_into_ticket_id: a }),
      ]),
    );
    const staff = await new TestClient(t.app).useSession(t.db, t.clock, supportUserId);
    for (const [i, [a, b]] of pairs.entries()) {
      const pair = answers.slice(2 * i, 2 * i + 2);
      expect(pair.map((x) => x.code).sort()).toEqual([200, 400]);
      const into = pair[0]?.code === 200 ? b : a;
      const from = into === a ? b : a;
      // The later merge finds the ticket it meant to merge into already merged, and is told where it went.
      expect(pair.find((x) => x.code === 400)?.data).toMatchObject({
        fields: { target_merge_into_ticket_id: `This ticket was merged into #${into}` },
      });
      const kept = ok(await staff.call(adminTicketsViewPage, { target_ticket_id: into })).data;
      expect(kept.merged_into).toBeNull();
      expect(kept.comments.map((c) => c.comment.replace('**Overview**\n\n', '')).sort()).toEqual([`a${i}`, `b${i}`]);
      expect(ok(await staff.call(adminTicketsViewPage, { target_ticket_id: from })).data.merged_into).toBe(into);
    }
  });

  it('a comment racing a merge of its ticket lands in the target or is told where the ticket went', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const into = await newTicket(t.db, t.clock.now(), company.id, { body: 'kept' });
    const from = await newTicket(t.db, t.clock.now(), company.id, { body: 'moved' });
    const staff = await new TestClient(t.app).useSession(t.db, t.clock, supportUserId);
    const { hash } = ok(await staff.call(adminTicketsViewPage, { target_ticket_id: from })).data;
    const merger = (await parallelClients(t, 1, supportUserId))[0] as TestClient;
    const writer = (await parallelClients(t, 1, user.id))[0] as TestClient;
    const [merged, commented] = await Promise.all([
      merger.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into }),
      writer.call(createComment, {
        target_ticket_id: from,
        target_body: 'racing',
        target_attachments: [],
        expect_ticket_hash: hash,
        expect_company_id: company.id,
      }),
    ]);
    ok(merged);
    const comments = ok(await staff.call(adminTicketsViewPage, { target_ticket_id: into })).data.comments.map((c) => c.comment);
    if (commented.code === 200) expect(comments).toContain('racing');
    else expect(commented).toMatchObject({ code: 409, message: `This ticket was merged into #${into}` });
    expect(ok(await staff.call(adminTicketsViewPage, { target_ticket_id: from })).data.comments).toEqual([]);
  });
});
