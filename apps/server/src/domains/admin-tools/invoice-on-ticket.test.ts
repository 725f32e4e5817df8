import { createInvoice, viewCustomInvoice } from '@portal/contract/payments/invoices';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { mergeTicket } from '@portal/contract/tickets/ticket-merge';
import { adminTicketsViewPage, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { adminCompanyInvoices } from '@portal/contract/payments/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { invoiceRow } from '../../test/rows.ts';

let t: TestContext;
let admin: TestClient;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const draft = (target_id: number, ticket: string | null, body: string | null = null) => ({
  target_id,
  target_name: 'Migration services',
  target_due_date: '2026-12-31',
  target_line_items: [{ item: 'Data migration', quantity: 2, cost: 12_550 }],
  target_ticket_search_id: ticket,
  target_ticket_body: body,
});

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  admin = await client(vendor.user.id);
});
afterAll(() => t.close());

describe('a custom invoice posted to a ticket (docs/decisions/0045)', () => {
  it('posts the body and a link to the invoice as a support comment the customer sees', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE' });
    const ticketId = await newTicket(t.db, t.clock.now(), c.company.id);
    const inv = ok(await admin.call(createInvoice, draft(c.company.id, `#${ticketId}`, 'Here is the quote we discussed'))).data;
    expect(inv.ticket_search_id).toBe(String(ticketId));
    expect((await invoiceRow(t, inv.id))?.ticket_search_id).toBe(String(ticketId));

    const seen = ok(await (await client(c.user.id)).call(ticketsViewPage, { target_ticket_id: ticketId })).data;
    const last = seen.comments.at(-1);
    expect(last).toMatchObject({ is_support_user: true });
    expect(last?.comment).toContain('Here is the quote we discussed');
    expect(last?.comment_html).toContain(`href="/view_custom_invoice?id=${inv.id}"`);
    expect(seen.status).toBe('Answered');
    // The link opens the invoice for the customer.
    expect(ok(await (await client(c.user.id)).call(viewCustomInvoice, { id: inv.id })).data.filename).toContain(String(inv.id));
  });

  it('a blank body still posts the link', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE' });
    const ticketId = await newTicket(t.db, t.clock.now(), c.company.id);
    const inv = ok(await admin.call(createInvoice, draft(c.company.id, String(ticketId), '  '))).data;
    const staff = ok(await admin.call(adminTicketsViewPage, { target_ticket_id: ticketId })).data;
    expect(staff.comments.at(-1)?.comment).toContain(`[View invoice #${inv.id}]`);
  });

  it('refuses another company’s ticket, a merged ticket and a non-number, and saves no invoice then', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE' });
    const other = await newCompany(t.db, { current_state: 'ACTIVE' });
    const foreign = await newTicket(t.db, t.clock.now(), other.company.id);
    const into = await newTicket(t.db, t.clock.now(), c.company.id);
    const merged = await newTicket(t.db, t.clock.now(), c.company.id);
    ok(await admin.call(mergeTicket, { target_ticket_id: merged, target_merge_into_ticket_id: into }));
    const cases: [string, string][] = [
      [String(foreign), TICKET_MESSAGES.notFound],
      ['ABC-123', TICKET_MESSAGES.notFound],
      [String(2_000_000_000), TICKET_MESSAGES.notFound],
      [String(merged), `This ticket was merged into #${into}`],
    ];
    for (const [searchId, message] of cases)
      expect(await admin.call(createInvoice, draft(c.company.id, searchId, 'x'))).toMatchObject({
        code: 400,
        data: { fields: { target_ticket_search_id: message } },
      });
    expect(ok(await admin.call(adminCompanyInvoices, { target_id: c.company.id })).data.total).toBe(0);
    const foreignView = ok(await admin.call(adminTicketsViewPage, { target_ticket_id: foreign })).data;
    expect(foreignView.comments).toHaveLength(1);
  });
});
