import { createTicket, ticketsCreatePage } from '@portal/contract/tickets/ticket-create';
import { CLOUDVIEW_TYPE, TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { adminTicketsViewPage, createComment, getTicketHash, previewComment, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { setCompany, setUser } from '../../test/rows.ts';

let t: TestContext;
let admin: TestClient;
let adminUserId: number;
let support: TestClient;
let customer: TestClient;
let customerCompanyId: number;
let customerUserId: number;
let other: TestClient;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', company_name: 'Vendor' });
  adminUserId = vendor.user.id;
  await setUser(t, adminUserId, { contact_name: 'Ada Lovelace' });
  admin = await client(adminUserId);
  const adminCompanyId = vendor.company.id;
  support = await client((await newUser(t.db, adminCompanyId, { staff_role: 'support', contact_name: 'Sam Support' })).id);
  const c = await newCompany(t.db, { current_state: 'ACTIVE', company_name: 'Acme' });
  customerCompanyId = c.company.id;
  customerUserId = c.user.id;
  await setUser(t, customerUserId, { contact_name: 'Casey Customer' });
  customer = await client(customerUserId);
  other = await client((await newCompany(t.db, { current_state: 'ACTIVE' })).user.id);
});
afterAll(() => t.close());

const form = {
  target_ticket_type: 2,
  target_ticket_subject: 'Backups fail',
  target_server_version: '24.3.1',
  target_server_os: 'Linux' as const,
  target_message_overview: 'Since **Monday**',
  target_message_device_details: 'Device 7',
  target_message_extra: null,
  target_attachments: [],
};
const open = async (c = customer, o: Partial<typeof form> & { target_id?: number; target_user_id?: number } = {}) =>
  ok(await c.call(createTicket, { ...form, ...o })).data;

describe('create a ticket', () => {
  it('the create page lists the company users and the offered types (no Server, Client or Hosted); servers empty until that domain exists', async () => {
    const page = ok(await customer.call(ticketsCreatePage, {})).data;
    expect(page.company_id).toBe(customerCompanyId);
    expect(page.users.map((u) => u.id)).toContain(customerUserId);
    expect(page.servers).toEqual([]);
    const labels = page.ticket_types.map((x) => x.label);
    expect(labels).toContain('General');
    for (const hidden of ['Server', 'Client', 'Hosted']) expect(labels).not.toContain(hidden);
  });

  it('offers the CloudView type only to a company with the customer portal (spec-1 §5)', async () => {
    const offered = async () => ok(await customer.call(ticketsCreatePage, {})).data.ticket_types.map((x) => x.label);
    expect(await offered()).not.toContain('CloudView');
    const cloudview = { ...form, target_ticket_type: CLOUDVIEW_TYPE };
    expect(await customer.call(createTicket, cloudview)).toMatchObject({
      code: 400,
      data: { fields: { target_ticket_type: TICKET_MESSAGES.typeNotOffered } },
    });
    await setCompany(t, customerCompanyId, { myclient_portal_enabled: true });
    try {
      expect(await offered()).toContain('CloudView');
      ok(await customer.call(createTicket, cloudview));
    } finally {
      await setCompany(t, customerCompanyId, { myclient_portal_enabled: false });
    }
  });

  it('staff read another company’s create page; a customer naming another company still gets their own', async () => {
    expect(ok(await support.call(ticketsCreatePage, { target_id: customerCompanyId })).data.company_name).toBe('Acme');
    expect(ok(await other.call(ticketsCreatePage, { target_id: customerCompanyId })).data.company_id).not.toBe(customerCompanyId);
  });

  it('creates with the first comment built from the form, and answers the new id', async () => {
    const id = await open();
    const ticket = ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data;
    expect(ticket).toMatchObject({
      id,
      subject: 'Backups fail',
      open: 1,
      status: 'New',
      priority: 'Default',
      escalation: 1,
      reminder_period: 7,
    });
    expect(ticket.server_version).toBe('24.3.1');
    expect(ticket.initiator_contact_name).toBe('Casey Customer');
    expect(ticket.comments).toHaveLength(1);
    expect(ticket.comments[0]?.comment_html).toContain('<strong>Monday</strong>');
    expect(ticket.comments[0]?.comment).toContain('Device 7');
  });

  it('refuses the form’s errors as field messages', async () => {
    const blank = await customer.call(createTicket, { ...form, target_ticket_subject: '   ', target_message_overview: '' });
    expect(blank.status).toBe('error');
    expect(blank.data).toMatchObject({
      fields: { target_ticket_subject: TICKET_MESSAGES.subject, target_message_overview: TICKET_MESSAGES.overview },
    });
    const feature = await customer.call(createTicket, { ...form, target_ticket_type: -1 });
    expect(feature.data).toMatchObject({ fields: { target_ticket_type: TICKET_MESSAGES.featureRequest } });
    const server = await customer.call(createTicket, { ...form, target_ticket_type: 7 });
    expect(server.data).toMatchObject({ fields: { target_ticket_type: TICKET_MESSAGES.typeNotOffered } });
    const direction = await customer.call(createTicket, { ...form, target_direction: 'outgoing' });
    expect(direction.data).toMatchObject({ fields: { target_direction: TICKET_MESSAGES.direction } });
  });

  it('staff create for a company and a user of it; an admin sets the direction; a user of another company is refused', async () => {
    const id = await open(admin, { target_id: customerCompanyId, target_user_id: customerUserId, target_ticket_type: 9 });
    const seen = ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data;
    expect(seen.initiator_contact_name).toBe('Casey Customer');
    expect(seen.type).toBe(9);
    const out = await open(admin, { target_id: customerCompanyId, target_direction: 'outgoing' } as Partial<typeof form>);
    expect(ok(await admin.call(adminTicketsViewPage, { target_ticket_id: out })).data.direction).toBe('outgoing');
    const stranger = (await newCompany(t.db, { current_state: 'ACTIVE' })).user.id;
    const wrong = await admin.call(createTicket, { ...form, target_id: customerCompanyId, target_user_id: stranger });
    expect(wrong.data).toMatchObject({ fields: { target_user_id: TICKET_MESSAGES.user } });
    const sneaky = await customer.call(createTicket, { ...form, target_user_id: adminUserId });
    expect(sneaky.data).toMatchObject({ fields: { target_user_id: TICKET_MESSAGES.user } });
  });
});

describe('view and converse', () => {
  it('another company’s ticket answers exactly as a missing one', async () => {
    const id = await open();
    const hidden = await other.call(ticketsViewPage, { target_ticket_id: id });
    const missing = await other.call(ticketsViewPage, { target_ticket_id: 2_000_000_000 });
    expect(hidden.status).toBe('error');
    expect({ code: hidden.code, message: hidden.message }).toEqual({ code: missing.code, message: missing.message });
    expect(hidden.message).toBe(TICKET_MESSAGES.notFound);
    for (const call of [getTicketHash] as const) expect((await other.call(call, { target_ticket_id: id })).code).toBe(404);
    const comment = await other.call(createComment, {
      target_ticket_id: id,
      target_body: 'hi',
      target_attachments: [],
      expect_ticket_hash: 'x',
      expect_company_id: customerCompanyId,
    });
    expect({ code: comment.code, message: comment.message }).toEqual({ code: 404, message: TICKET_MESSAGES.notFound });
  });

  it('preview renders markdown to sanitized HTML: no script, no handlers, no javascript: links', async () => {
    const html = ok(
      await customer.call(previewComment, {
        target_body: '# Hi\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n[x](javascript:alert(1)) [ok](https://example.com)',
      }),
    ).data;
    expect(html).toContain('<h1>Hi</h1>');
    // Raw HTML stays as visible text; no element carries a handler or a script link.
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    const blank = await customer.call(previewComment, { target_body: '   ' });
    expect(blank.data).toMatchObject({ fields: { target_body: TICKET_MESSAGES.body } });
  });

  it('a comment needs the page’s hash and company; a staff reply marks it Answered and a customer reply bumps it', async () => {
    const id = await open();
    const { hash } = ok(await customer.call(getTicketHash, { target_ticket_id: id })).data;
    const base = { target_ticket_id: id, target_attachments: [], expect_company_id: customerCompanyId };
    const stale = await customer.call(createComment, { ...base, target_body: 'x', expect_ticket_hash: 'old' });
    expect({ code: stale.code, message: stale.message }).toEqual({ code: 409, message: TICKET_MESSAGES.hashChanged });
    const company = await customer.call(createComment, { ...base, target_body: 'x', expect_ticket_hash: hash, expect_company_id: 1 });
    expect(company.message).toBe(TICKET_MESSAGES.companyChanged);
    const first = ok(await support.call(createComment, { ...base, target_body: 'We are <b>on it</b>', expect_ticket_hash: hash })).data;
    expect(first.hash).not.toBe(hash);
    const bump = ok(await customer.call(createComment, { ...base, target_body: 'any news?', expect_ticket_hash: first.hash })).data;
    const seen = ok(await support.call(adminTicketsViewPage, { target_ticket_id: id })).data;
    expect(seen.status).toBe('Answered');
    expect(seen.hash).toBe(bump.hash);
    expect(seen.comments.map((c) => [c.is_support_user, c.username])).toEqual([
      [false, 'Casey Customer'],
      [true, 'Sam Support'],
      [false, 'Casey Customer'],
    ]);
    expect(seen.comments[1]?.comment_html).not.toContain('<b>');
  });

  it('a deleted commenter shows as unknown (null username)', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE' });
    const gone = await newUser(t.db, c.company.id);
    const goneClient = await client(gone.id);
    const id = await open(goneClient);
    await setUser(t, gone.id, { deleted_at: t.clock.now() });
    const seen = ok(await admin.call(adminTicketsViewPage, { target_ticket_id: id })).data;
    expect(seen.comments[0]?.username).toBeNull();
    expect(seen.initiator_contact_name).toBeNull();
  });

  it('ordinary users never see notes, updates, assignees or the customer panel; staff do', async () => {
    const id = await open();
    const mine = ok(await customer.call(ticketsViewPage, { target_ticket_id: id })).data;
    expect(mine.updates).toEqual([]);
    expect(mine.notes).toEqual([]);
    expect(mine.customer_info).toBeNull();
    const staff = ok(await support.call(adminTicketsViewPage, { target_ticket_id: id })).data;
    expect(staff.updates.map((u) => u.type)).toEqual(['opened']);
    expect(staff.customer_info).toMatchObject({ company_country: 'NZ', account_balance: 0 });
    expect((await customer.call(adminTicketsViewPage, { target_ticket_id: id })).code).toBe(403);
  });
});
