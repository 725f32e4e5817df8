import { adminTicketsList, TICKET_SEARCH_COUNT_CAP, ticketsList } from '@portal/contract/tickets/ticket-lists';
import { addTag, closeTicket, setAssignees, setEscalation, setStatus } from '@portal/contract/tickets/ticket-staff';
import { createComment, getTicketHash } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { copyTicketRow, setCompany } from '../../test/rows.ts';

let t: TestContext;
let admin: TestClient;
let adminUserId: number;
let customer: TestClient;
let companyId: number;
let customerName: string;
let otherCompanyId: number;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const ticket = (company = companyId, o: { subject?: string; body?: string } = {}) => newTicket(t.db, t.clock.now(), company, o);

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  adminUserId = vendor.user.id;
  admin = await client(adminUserId);
  const c = await newCompany(t.db, { current_state: 'ACTIVE', company_name: 'Acme Lists' });
  companyId = c.company.id;
  customer = await client(c.user.id);
  customerName = c.user.contact_name;
  otherCompanyId = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
});
afterAll(() => t.close());

describe('/support list (TicketsList.json)', () => {
  it('shows only the caller’s company, open or closed, newest change first', async () => {
    const first = await ticket();
    t.clock.advance(1000);
    const second = await ticket();
    const theirs = await ticket(otherCompanyId);
    ok(await admin.call(closeTicket, { target_ticket_id: first }));
    const open = ok(await customer.call(ticketsList, {})).data;
    expect(open.rows.map((r) => r.id)).toContain(second);
    expect(open.rows.map((r) => r.id)).not.toContain(first);
    expect(open.rows.map((r) => r.id)).not.toContain(theirs);
    const closed = ok(await customer.call(ticketsList, { target_open: 0 })).data;
    expect(closed.rows.map((r) => [r.id, r.closed_reason])).toEqual([[first, 'resolved']]);
  });
});

describe('/mytickets list (AdminTicketsList.json)', () => {
  it('answers the list row: company, VIP, tags, assignees, comment and bump counts, who changed it last', async () => {
    await setCompany(t, companyId, { is_vip: true });
    const id = await ticket(companyId, { subject: 'Row shape' });
    ok(await admin.call(addTag, { target_ticket_id: id, target_tag_input: 'vip-tag' }));
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [adminUserId] }));
    const { hash } = ok(await customer.call(getTicketHash, { target_ticket_id: id })).data;
    const base = { target_ticket_id: id, target_attachments: [], expect_company_id: companyId };
    const h2 = ok(await customer.call(createComment, { ...base, target_body: 'ping', expect_ticket_hash: hash })).data.hash;
    ok(await customer.call(createComment, { ...base, target_body: 'ping again', expect_ticket_hash: h2 }));
    const row = ok(await admin.call(adminTicketsList, { target_search_query: String(id) })).data.rows.find((r) => r.id === id);
    expect(row).toMatchObject({
      subject: 'Row shape',
      company_name: 'Acme Lists',
      company_state: 'ACTIVE',
      company_is_vip: true,
      tags: [{ tag: 'vip-tag', color: '808080' }],
      assignees: [{ id: adminUserId }],
      comment_count: 3,
      bump_count: 2,
      updated_by_company: true,
      updated_by_user: customerName,
    });
  });

  it('filters by status (waiting), assignee, escalation, and searches subjects and comments', async () => {
    const waiting = await ticket(otherCompanyId, { subject: 'Quokka restore stalls' });
    const held = await ticket(otherCompanyId, { subject: 'Held', body: 'the wombat agent crashed' });
    ok(await admin.call(setStatus, { target_ticket_id: held, target_new_value: 'On hold' }));
    ok(await admin.call(setEscalation, { target_ticket_id: held, target_new_value: 3 }));
    ok(await admin.call(setAssignees, { target_ticket_id: held, target_user_ids: [adminUserId] }));
    const ids = async (input: Parameters<typeof admin.call<typeof adminTicketsList>>[1]) =>
      ok(await admin.call(adminTicketsList, { page_size: 1000, ...input })).data.rows.map((r) => r.id);
    const w = await ids({ target_statuses: ['New', 'Escalated', 'Needs review'] });
    expect(w).toContain(waiting);
    expect(w).not.toContain(held);
    expect(await ids({ target_escalation: 3 })).toEqual([held]);
    expect(await ids({ target_assignee: adminUserId })).toContain(held);
    expect(await ids({ target_assignee: 'me' })).toContain(held);
    expect(await ids({ target_assignee: adminUserId })).not.toContain(waiting);
    expect(await ids({ target_search_query: 'quokka' })).toEqual([waiting]);
    expect(await ids({ target_search_query: 'wombat' })).toEqual([held]);
    expect(await ids({ target_search_query: '"no such words here"' })).toEqual([]);
  });

  it('pages by 20 and sorts', async () => {
    const c = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    const userClient = await client((await newUser(t.db, c)).id);
    for (let i = 0; i < 22; i++) {
      await ticket(c, { subject: `Paged ${String(i).padStart(2, '0')}` });
      t.clock.advance(1000);
    }
    const first = ok(await userClient.call(ticketsList, {})).data;
    expect(first.total).toBe(22);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]?.subject).toBe('Paged 21');
    const second = ok(await userClient.call(ticketsList, { page: 2 })).data;
    expect(second.rows.map((r) => r.subject)).toEqual(['Paged 01', 'Paged 00']);
    const bySubject = ok(await userClient.call(ticketsList, { target_order: 'subject', target_order_direction: 'asc' })).data;
    expect(bySubject.rows[0]?.subject).toBe('Paged 00');
    expect((await customer.call(adminTicketsList, {})).code).toBe(403);
  });
});

describe('a search counts its matches up to 1,000 (decision 0069)', () => {
  it('answers more as 1,000+ with the newest page first; below the cap, and without a search, the count is exact', async () => {
    const needle = await ticket(companyId, { subject: 'Caplimit needle' });
    await copyTicketRow(t, needle, TICKET_SEARCH_COUNT_CAP + 2);
    const found = ok(await admin.call(adminTicketsList, { target_search_query: 'caplimit' })).data;
    expect(found).toMatchObject({ total: TICKET_SEARCH_COUNT_CAP, total_capped: true });
    expect(found.rows).toHaveLength(20);
    expect(found.rows.every((r) => r.subject === 'Caplimit needle')).toBe(true);
    // Past the last page there is no row to carry the count: it is asked for apart, capped the same.
    const past = ok(await admin.call(adminTicketsList, { target_search_query: 'caplimit', page: 60 })).data;
    expect(past).toMatchObject({ rows: [], total: TICKET_SEARCH_COUNT_CAP, total_capped: true });
    expect(ok(await customer.call(ticketsList, { target_search_query: 'caplimit' })).data).toMatchObject({
      total: TICKET_SEARCH_COUNT_CAP,
      total_capped: true,
    });

    const one = ok(await admin.call(adminTicketsList, { target_search_query: String(needle) })).data;
    expect(one).toMatchObject({ total: 1, total_capped: false });
    const plain = ok(await customer.call(ticketsList, {})).data;
    expect(plain.total_capped).toBe(false);
    expect(plain.total).toBeGreaterThan(TICKET_SEARCH_COUNT_CAP + 2);
  });
});
