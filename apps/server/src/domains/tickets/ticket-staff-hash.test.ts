/**
 * A customer's hash and update time move only with changes the customer can see (docs/decisions/0097): a note or
 * an assignee change leaves what the customer's page polls and what its list shows as they were, while staff see
 * every change. A comment is checked against the hash its writer was given.
 */
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { adminTicketsList, ticketsList } from '@portal/contract/tickets/ticket-lists';
import { createTicketNote, setAssignees, setStatus } from '@portal/contract/tickets/ticket-staff';
import { adminTicketsViewPage, createComment, getTicketHash, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketInput } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';

let t: TestContext;
let admin: TestClient;
let support: TestClient;
let supportUserId: number;
let customer: TestClient;
/** An admin signed in as the customer: the customer's powers, so the customer's stamp. */
let adminAsCustomer: TestClient;
let companyId: number;
let customerName: string;

const client = (userId: number, impersonator: number | null = null) =>
  new TestClient(t.app).useSession(t.db, t.clock, userId, impersonator);

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  admin = await client(vendor.user.id);
  supportUserId = (await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Sam Support' })).id;
  support = await client(supportUserId);
  const c = await newCompany(t.db, { current_state: 'ACTIVE' });
  companyId = c.company.id;
  customerName = c.user.contact_name;
  customer = await client(c.user.id);
  adminAsCustomer = await client(c.user.id, vendor.user.id);
});
afterAll(() => t.close());

const open = async (subject: string) => ok(await customer.call(createTicket, ticketInput({ subject, body: 'Please' }))).data;

/** Everything a reader learns of the ticket's last change: the polled hash, the page's and the list's times. */
async function seenBy(who: TestClient, id: number, staff: boolean) {
  const { hash } = ok(await who.call(getTicketHash, { target_ticket_id: id })).data;
  const page = ok(await who.call(staff ? adminTicketsViewPage : ticketsViewPage, { target_ticket_id: id })).data;
  const list = ok(await who.call(staff ? adminTicketsList : ticketsList, { page_size: 1000 })).data;
  const row = list.rows.find((r) => r.id === id);
  return {
    hash,
    pageHash: page.hash,
    pageUpdated: page.updated_at,
    listUpdated: row?.updated_at,
    listBy: [row?.updated_by_company, row?.updated_by_user],
    listAssignees: row?.assignees.map((a) => a.id),
  };
}

const comment = (who: TestClient, id: number, hash: string, body: string) =>
  who.call(createComment, {
    target_ticket_id: id,
    target_body: body,
    target_attachments: [],
    expect_ticket_hash: hash,
    expect_company_id: companyId,
  });

describe('staff-only changes', () => {
  it('a note leaves the customer’s hash, update time and list row as they were; staff see it', async () => {
    const id = await open('A note');
    const customerBefore = await seenBy(customer, id, false);
    const staffBefore = await seenBy(admin, id, true);
    expect(customerBefore.pageHash).toBe(customerBefore.hash);
    expect(customerBefore.listBy).toEqual([true, customerName]);

    t.clock.advance(60_000);
    ok(await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'Customer sounds upset' }));
    expect(await seenBy(customer, id, false)).toEqual(customerBefore);
    expect(ok(await adminAsCustomer.call(getTicketHash, { target_ticket_id: id })).data.hash).toBe(customerBefore.hash);
    const staffAfter = await seenBy(admin, id, true);
    expect(staffAfter.hash).not.toBe(staffBefore.hash);
    expect(staffAfter.pageHash).toBe(staffAfter.hash);
    expect(staffAfter.pageUpdated).toBe(t.clock.now().toISOString());
    expect(staffAfter.listUpdated).toBe(t.clock.now().toISOString());
    expect(staffAfter.listBy).toEqual([false, 'Sam Support']);
  });

  it('an assignee change leaves the customer’s hash, update time and list row as they were; staff see it', async () => {
    const id = await open('An assignee');
    const customerBefore = await seenBy(customer, id, false);
    const staffBefore = await seenBy(admin, id, true);

    t.clock.advance(60_000);
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId] }));
    // Nor does the customer's list name the assignees, which its page does not show either.
    expect(await seenBy(customer, id, false)).toEqual(customerBefore);
    expect(customerBefore.listAssignees).toEqual([]);
    const staffAfter = await seenBy(admin, id, true);
    expect(staffAfter.hash).not.toBe(staffBefore.hash);
    expect(staffAfter.pageUpdated).toBe(t.clock.now().toISOString());
    expect(staffAfter.listUpdated).toBe(t.clock.now().toISOString());
    expect(staffAfter.listAssignees).toEqual([supportUserId]);
  });

  it('a customer filtering its list by assignee learns nothing of who is assigned', async () => {
    const id = await open('Assigned quietly');
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId] }));
    const ids = async (assignee: number) =>
      ok(await customer.call(ticketsList, { page_size: 1000, target_assignee: assignee })).data.rows.map((r) => r.id);
    expect(await ids(supportUserId)).toEqual(await ids(supportUserId + 100_000));
  });

  it('the customer’s list keeps its order by the customer’s update time; staff’s follows the note', async () => {
    const older = await open('Ordered older');
    t.clock.advance(60_000);
    const newer = await open('Ordered newer');
    t.clock.advance(60_000);
    ok(await support.call(createTicketNote, { target_ticket_id: older, target_note_content: 'Looked at it' }));
    const order = async (who: TestClient, call: typeof ticketsList | typeof adminTicketsList) =>
      ok(await who.call(call, { page_size: 1000, target_order: 'updated_at' }))
        .data.rows.map((r) => r.id)
        .filter((r) => r === older || r === newer);
    expect(await order(customer, ticketsList)).toEqual([newer, older]);
    expect(await order(admin, adminTicketsList)).toEqual([older, newer]);
  });
});

describe('changes the customer sees', () => {
  it('a staff reply and a status change move the customer’s hash and update time', async () => {
    const id = await open('Visible changes');
    ok(await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'First look' }));
    const before = await seenBy(customer, id, false);

    t.clock.advance(60_000);
    // Staff comment with the hash their page had, which counted the note.
    const staffHash = ok(await support.call(getTicketHash, { target_ticket_id: id })).data.hash;
    const answered = ok(await comment(support, id, staffHash, 'We are on it')).data.hash;
    expect(ok(await support.call(getTicketHash, { target_ticket_id: id })).data.hash).toBe(answered);
    const afterReply = await seenBy(customer, id, false);
    expect(afterReply.hash).not.toBe(before.hash);
    expect(afterReply.pageUpdated).toBe(t.clock.now().toISOString());
    expect(afterReply.listUpdated).toBe(t.clock.now().toISOString());
    expect(afterReply.listBy).toEqual([false, 'Sam Support']);

    t.clock.advance(60_000);
    ok(await admin.call(setStatus, { target_ticket_id: id, target_new_value: 'On hold' }));
    const afterStatus = await seenBy(customer, id, false);
    expect(afterStatus.hash).not.toBe(afterReply.hash);
    expect(afterStatus.pageUpdated).toBe(t.clock.now().toISOString());
    expect(afterStatus.listUpdated).toBe(t.clock.now().toISOString());
  });
});

describe('a comment is checked against the hash its writer was given', () => {
  it('a customer page that loaded before a note still comments; one that missed a reply is refused', async () => {
    const id = await open('Comment after a note');
    const loaded = ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data.hash;
    ok(await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'Internal only' }));
    const { hash } = ok(await comment(customer, id, loaded, 'Any news?')).data;
    expect(ok(await customer.call(getTicketHash, { target_ticket_id: id })).data.hash).toBe(hash);

    ok(
      await support.call(createComment, {
        target_ticket_id: id,
        target_body: 'Yes',
        target_attachments: [],
        expect_ticket_hash: ok(await support.call(getTicketHash, { target_ticket_id: id })).data.hash,
        expect_company_id: companyId,
      }),
    );
    const stale = await comment(customer, id, hash, 'Hello?');
    expect([stale.code, stale.message]).toEqual([409, TICKET_MESSAGES.hashChanged]);
  });

  it('a staff page that saw its note comments with the staff hash it had; the customer’s hash is not the staff’s', async () => {
    const id = await open('Staff comment after a note');
    const customerHash = ok(await customer.call(getTicketHash, { target_ticket_id: id })).data.hash;
    ok(await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'Noted' }));
    const staffPage = ok(await support.call(adminTicketsViewPage, { target_ticket_id: id })).data.hash;
    const refused = await comment(support, id, customerHash, 'Stale');
    expect([refused.code, refused.message]).toEqual([409, TICKET_MESSAGES.hashChanged]);
    ok(await comment(support, id, staffPage, 'Thanks for waiting'));
  });
});
