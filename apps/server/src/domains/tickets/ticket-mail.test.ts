import { closeTicket, setAssignees } from '@portal/contract/tickets/ticket-staff';
import { createComment, getTicketHash } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { setUser } from '../../test/rows.ts';

let t: TestContext;
let admin: TestClient;
let adminEmail: string;
let support: TestClient;
let supportEmail: string;
let supportUserId: number;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  admin = await client(vendor.user.id);
  adminEmail = vendor.user.email;
  const s = await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Sam Support' });
  supportUserId = s.id;
  supportEmail = s.email;
  support = await client(s.id);
});
afterAll(() => t.close());

async function customerTicket() {
  const c = await newCompany(t.db, { current_state: 'ACTIVE' });
  await setUser(t, c.user.id, { contact_name: 'Casey <b>Customer</b>' });
  const id = await newTicket(t.db, t.clock.now(), c.company.id, { subject: '<script>alert(1)</script> fails' });
  return { id, companyId: c.company.id, email: c.user.email, customer: await client(c.user.id) };
}

const comment = async (who: TestClient, id: number, companyId: number, body: string) => {
  const { hash } = ok(await who.call(getTicketHash, { target_ticket_id: id })).data;
  return ok(
    await who.call(createComment, {
      target_ticket_id: id,
      target_body: body,
      target_attachments: [],
      expect_ticket_hash: hash,
      expect_company_id: companyId,
    }),
  );
};

describe('ticket mail', () => {
  it('a staff reply mails the customer, escaped; the customer’s reply mails the assignees, not the author', async () => {
    const { id, companyId, email, customer } = await customerTicket();
    await comment(support, id, companyId, 'Try <img src=x onerror=alert(1)> again');
    const [reply] = await mailsTo(t.db, email);
    expect(reply?.template).toBe('ticket_reply');
    expect(reply?.subject).toContain(`[Ticket #${id}]`);
    expect(reply?.html_body).not.toMatch(/<script|<img/);
    expect(reply?.html_body).toContain('&lt;img');
    // Replies by mail are off here: the mail threads by Message-ID but offers no reply address, and no listener runs.
    expect(reply?.headers?.['Message-ID']).toMatch(new RegExp(`^<ticket-${id}\\.[0-9a-f]+@portal\\.example\\.com>$`));
    expect(reply?.headers?.['Reply-To']).toBeUndefined();
    expect(t.app.inboundMail).toBeUndefined();
    ok(await admin.call(setAssignees, { target_ticket_id: id, target_user_ids: [supportUserId] }));
    await comment(customer, id, companyId, 'Still broken');
    expect((await mailsTo(t.db, supportEmail)).map((m) => m.template)).toEqual(['ticket_customer_reply']);
    expect(await mailsTo(t.db, adminEmail)).toEqual([]);
    expect((await mailsTo(t.db, email)).map((m) => m.template)).toEqual(['ticket_reply']);
  });

  it('closing mails the customer unless an admin skips it; support cannot skip', async () => {
    const a = await customerTicket();
    ok(await admin.call(closeTicket, { target_ticket_id: a.id, target_skip_notification: true }));
    expect(await mailsTo(t.db, a.email)).toEqual([]);
    const b = await customerTicket();
    ok(await support.call(closeTicket, { target_ticket_id: b.id, target_skip_notification: true }));
    expect((await mailsTo(t.db, b.email)).map((m) => m.template)).toEqual(['ticket_closed']);
  });
});
