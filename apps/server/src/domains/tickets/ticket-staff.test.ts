import { createTicket } from '@portal/contract/tickets/ticket-create';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import {
  addTag,
  changeTagColor,
  closeTicket,
  createTicketNote,
  deleteTicketNote,
  listAvailableAssignees,
  listTags,
  removeTag,
  reopenTicket,
  setAssignees,
  setEscalation,
  setPriority,
  setReminderPeriod,
  setStatus,
  setTopic,
  updateTicketNote,
} from '@portal/contract/tickets/ticket-staff';
import { adminTicketsViewPage, createComment, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketInput } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { setUser } from '../../test/rows.ts';

let t: TestContext;
let admin: TestClient;
let adminUserId: number;
let support: TestClient;
let supportUserId: number;
let customer: TestClient;
let companyId: number;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  adminUserId = vendor.user.id;
  await setUser(t, adminUserId, { contact_name: 'Ada Lovelace' });
  admin = await client(adminUserId);
  supportUserId = (await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Sam Support' })).id;
  support = await client(supportUserId);
  const c = await newCompany(t.db, { current_state: 'ACTIVE' });
  companyId = c.company.id;
  customer = await client(c.user.id);
});
afterAll(() => t.close());

const open = async () => ok(await customer.call(createTicket, ticketInput({ subject: 'Help', body: 'Please' }))).data;
const staffView = async (id: number) => ok(await admin.call(adminTicketsViewPage, { target_ticket_id: id })).data;

describe('notes', () => {
  it('staff add, edit and delete notes; ordinary users never see them nor reach the calls', async () => {
    const id = await open();
    const { id: noteId } = ok(
      await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'Called <script>x</script>' }),
    ).data;
    expect((await staffView(id)).notes).toMatchObject([{ id: noteId, note: 'Called <script>x</script>', username: 'Sam Support' }]);
    ok(await support.call(updateTicketNote, { target_ticket_id: id, target_note_id: noteId, target_note_content: 'Called twice' }));
    expect((await staffView(id)).notes[0]?.note).toBe('Called twice');
    expect(ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data.notes).toEqual([]);
    expect((await customer.call(createTicketNote, { target_ticket_id: id, target_note_content: 'x' })).code).toBe(403);
    const otherTicket = await open();
    const wrong = await support.call(deleteTicketNote, { target_ticket_id: otherTicket, target_note_id: noteId });
    expect(wrong.message).toBe(TICKET_MESSAGES.noteNotFound);
    ok(await support.call(deleteTicketNote, { target_ticket_id: id, target_note_id: noteId }));
    expect((await staffView(id)).notes).toEqual([]);
  });
});

describe('fields', () => {
  it('topic, status, priority and reminder each write an update row and a new hash', async () => {
    const id = await open();
    const before = (await staffView(id)).hash;
    const h = ok(await support.call(setStatus, { target_ticket_id: id, target_new_value: 'On hold' })).data.hash;
    expect(h).not.toBe(before);
    ok(await support.call(setPriority, { target_ticket_id: id, target_new_value: 'Critical' }));
    ok(await support.call(setTopic, { target_ticket_id: id, target_new_value: 9 }));
    ok(await support.call(setReminderPeriod, { target_ticket_id: id, target_reminder_period: 14 }));
    const seen = await staffView(id);
    expect(seen).toMatchObject({ status: 'On hold', priority: 'Critical', type: 9, reminder_period: 14 });
    expect(seen.updates.map((u) => [u.type, u.old_state, u.new_state])).toEqual([
      ['opened', null, null],
      ['status', 'New', 'On hold'],
      ['priority', 'Default', 'Critical'],
      ['topic', 'General', 'Hosted'],
      ['reminder', '7', '14'],
    ]);
    for (const bad of [0, 32]) {
      const res = await support.call(setReminderPeriod, { target_ticket_id: id, target_reminder_period: bad });
      expect(res.data).toMatchObject({ fields: { target_reminder_period: TICKET_MESSAGES.reminder } });
    }
  });

  it('escalation: support moves L1 and L2; only an admin reaches L3, and L3 stays', async () => {
    const id = await open();
    ok(await support.call(setEscalation, { target_ticket_id: id, target_new_value: 2 }));
    const l3 = await support.call(setEscalation, { target_ticket_id: id, target_new_value: 3 });
    expect(l3.data).toMatchObject({ fields: { target_new_value: TICKET_MESSAGES.escalationL3 } });
    ok(await admin.call(setEscalation, { target_ticket_id: id, target_new_value: 3 }));
    const down = await admin.call(setEscalation, { target_ticket_id: id, target_new_value: 2 });
    expect(down.data).toMatchObject({ fields: { target_new_value: TICKET_MESSAGES.escalationFinal } });
    expect((await staffView(id)).escalation).toBe(3);
  });
});

describe('close and reopen', () => {
  it('closes with a reason and the update question; Other needs its text; the customer sees the closer shortened and reopens', async () => {
    const id = await open();
    const other = await admin.call(closeTicket, { target_ticket_id: id, target_reason: 'other', target_other_reason: '  ' });
    expect(other.data).toMatchObject({ fields: { target_other_reason: TICKET_MESSAGES.otherReason } });
    ok(await admin.call(closeTicket, { target_ticket_id: id, target_resolution: 'yes-bug-fixed' }));
    const mine = ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data;
    expect(mine).toMatchObject({
      open: 0,
      closed_reason: 'resolved',
      closed_resolution: 'yes-bug-fixed',
      user_closed: { contact_name: 'Ada L.' },
    });
    expect((await staffView(id)).user_closed).toEqual({ contact_name: 'Ada Lovelace' });
    // A customer cannot comment on a closed ticket; staff can.
    const base = { target_ticket_id: id, target_attachments: [], expect_ticket_hash: mine.hash, expect_company_id: companyId };
    expect((await customer.call(createComment, { ...base, target_body: 'hello?' })).message).toBe(TICKET_MESSAGES.closedNoComment);
    expect((await admin.call(closeTicket, { target_ticket_id: id })).message).toBe(TICKET_MESSAGES.alreadyClosed);
    ok(await customer.call(reopenTicket, { target_ticket_id: id }));
    const again = await staffView(id);
    expect(again).toMatchObject({ open: 1, closed_at: null, user_closed: null });
    expect(again.updates.map((u) => u.type)).toEqual(['opened', 'closed', 'reopened']);
  });
});

describe('tags and assignees', () => {
  it('adds (making the tag once, whatever its case), recolours and removes tags', async () => {
    const id = await open();
    const { tag } = ok(await support.call(addTag, { target_ticket_id: id, target_tag_input: 'Billing<img src=x onerror=alert(1)>' })).data;
    const same = ok(await support.call(addTag, { target_ticket_id: await open(), target_tag_input: 'BILLING<IMG SRC=X ONERROR=ALERT(1)>' }))
      .data.tag;
    expect(same.id).toBe(tag.id);
    const bad = await support.call(changeTagColor, { target_tag_id: tag.id, target_color: '#ff0000' });
    expect(bad.data).toMatchObject({ fields: { target_color: TICKET_MESSAGES.color } });
    expect(ok(await support.call(changeTagColor, { target_tag_id: tag.id, target_color: 'FF8800' })).data.color).toBe('ff8800');
    expect(ok(await support.call(listTags, {})).data.map((x) => x.id)).toContain(tag.id);
    expect((await staffView(id)).tags).toEqual([{ id: tag.id, tag: tag.tag, color: 'ff8800' }]);
    ok(await support.call(removeTag, { target_ticket_id: id, target_tag_id: tag.id }));
    expect((await staffView(id)).tags).toEqual([]);
    expect((await support.call(removeTag, { target_ticket_id: id, target_tag_id: tag.id })).message).toBe(TICKET_MESSAGES.tagNotFound);
  });

  it('groups one user’s tag changes within 30 s into one update; later or by another user starts a new one', async () => {
    const id = await open();
    ok(await support.call(addTag, { target_ticket_id: id, target_tag_input: 'one' }));
    t.clock.advance(20_000);
    ok(await support.call(addTag, { target_ticket_id: id, target_tag_input: 'two' }));
    const three = ok(await support.call(addTag, { target_ticket_id: id, target_tag_input: 'three' })).data.tag;
    ok(await support.call(removeTag, { target_ticket_id: id, target_tag_id: three.id }));
    let tagUpdates = (await staffView(id)).updates.filter((u) => u.type === 'tags');
    expect(tagUpdates.map((u) => [u.added, u.removed])).toEqual([[['one', 'two'], []]]);
    t.clock.advance(31_000);
    ok(await support.call(addTag, { target_ticket_id: id, target_tag_input: 'four' }));
    ok(await admin.call(addTag, { target_ticket_id: id, target_tag_input: 'five' }));
    tagUpdates = (await staffView(id)).updates.filter((u) => u.type === 'tags');
    expect(tagUpdates.map((u) => [u.user.contact_name, u.added])).toEqual([
      ['Sam Support', ['one', 'two']],
      ['Sam Support', ['four']],
      ['Ada Lovelace', ['five']],
    ]);
  });

  it('assignees: admins set them from admin and support users; changes are grouped like tags', async () => {
    const id = await open();
    const available = ok(await support.call(listAvailableAssignees, {})).data.map((a) => a.id);
    expect(available).toEqual(expect.arrayContaining([adminUserId, supportUserId]));
    expect((await support.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId] })).code).toBe(403);
    const customerUser = (await newCompany(t.db)).user.id;
    const bad = await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [customerUser] });
    expect(bad.data).toMatchObject({ fields: { target_user_ids: TICKET_MESSAGES.assignee } });
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId] }));
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId, adminUserId] }));
    const seen = await staffView(id);
    expect(seen.assignees.map((a) => a.id).sort()).toEqual([adminUserId, supportUserId].sort());
    expect(seen.updates.filter((u) => u.type === 'assignees').map((u) => u.added.sort())).toEqual([['Ada Lovelace', 'Sam Support']]);
    expect(ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data.assignees).toEqual([]);
  });
});

describe("the spec's update fields", () => {
  it('names the tag or the assignee an update added or removed in tag and assignee', async () => {
    const id = await open();
    const tag = ok(await support.call(addTag, { target_ticket_id: id, target_tag_input: 'named' })).data.tag;
    t.clock.advance(31_000);
    ok(await support.call(removeTag, { target_ticket_id: id, target_tag_id: tag.id }));
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId] }));
    ok(await admin.call(setStatus, { target_ticket_id: id, target_new_value: 'On hold' }));
    const updates = (await staffView(id)).updates.filter((u) => u.type !== 'opened');
    expect(updates.map((u) => [u.type, u.tag, u.assignee])).toEqual([
      ['tags', 'named', null],
      ['tags', 'named', null],
      ['assignees', null, 'Sam Support'],
      ['status', null, null],
    ]);
  });
});
