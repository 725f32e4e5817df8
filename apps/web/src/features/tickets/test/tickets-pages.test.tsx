import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { createTicket, ticketsCreatePage } from '@portal/contract/tickets/ticket-create';
import { adminTicketsList, ticketsList } from '@portal/contract/tickets/ticket-lists';
import {
  addTag,
  changeTagColor,
  closeTicket,
  listAvailableAssignees,
  listTags,
  removeTag,
  setEscalation,
} from '@portal/contract/tickets/ticket-staff';
import { adminTicketsViewPage, createComment, type Ticket, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_tickets_page'] };
const ADMIN: Partial<AuthContext> = {
  roles: ['any', 'admin'],
  company_type: 'admin',
  capabilities: ['use_tickets_page', 'use_all_tickets_page'],
};

const page = (path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) =>
  renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);

const ticket = (o: Partial<Ticket> = {}): Ticket => ({
  id: 7,
  hash: 'h1',
  company_id: 3,
  company_name: 'Acme',
  subject: 'Backups fail',
  open: 1,
  status: 'New',
  type: 2,
  priority: 'Default',
  escalation: 1,
  reminder_period: 7,
  direction: 'incoming',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  closed_at: null,
  user_closed: null,
  closed_reason: null,
  ticket_closed_other_reason: null,
  closed_resolution: null,
  server_operating_system: '',
  server_version: '',
  server_is_outdated: false,
  initiator_contact_name: 'Casey',
  tags: [],
  assignees: [],
  comments: [
    {
      id: 1,
      created_at: '2026-11-01T00:00:00Z',
      is_support_user: false,
      is_markdown: true,
      username: null,
      company_name: null,
      comment: Array(25).fill('line').join('\n'),
      comment_html: '<p>line</p>',
      attachments: [],
    },
  ],
  notes: [],
  updates: [],
  customer_info: null,
  merged_into: null,
  ...o,
});

describe('/support', () => {
  it('lists open tickets with Create ticket', async () => {
    await page('/support', [on(ticketsList, () => ({ rows: [], total: 0 }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Create ticket' }).length).toBeGreaterThan(0);
    expect(await screen.findByText('No open tickets')).toBeTruthy();
  });

  it('sends admins to /mytickets, whose Assigned tab asks for the caller’s tickets', async () => {
    const { api } = await page('/support', [on(adminTicketsList, () => ({ rows: [], total: 0 }))], ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Assigned to me' }));
    await waitFor(() => expect(api.callsTo(adminTicketsList).some((c) => c.body.target_assignee === 'me')).toBe(true));
    expect(await screen.findByText('Tickets an admin has assigned to you.')).toBeTruthy();
    expect(await screen.findByText('No tickets are assigned to you')).toBeTruthy();
  });
});

describe('ticket lists that cannot load (spec-2 §8)', () => {
  it('signed out: says so, and OK goes back to the main page (the sign-in page, signed out)', async () => {
    const { router } = await page('/support', [on(ticketsList, () => ({ error: { code: 401, message: 'Not logged in' } }))]);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Error: Not logged in, redirecting back to the main page...')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(['/dashboard', '/login']).toContain(router.state.location.pathname));
  });

  it('any other failure: asks for a reload', async () => {
    await page('/mytickets', [on(adminTicketsList, () => ({ error: { code: 400, message: 'Bad search' } }))], ADMIN);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Error: Bad search, please reload the page')).toBeTruthy();
  });
});

describe('/tickets/create', () => {
  it('shows the field messages, and a feature request points to the voting board and disables the form', async () => {
    await page('/tickets/create', [
      on(ticketsCreatePage, () => ({
        company_id: 3,
        company_name: 'Acme',
        servers: [],
        users: [],
        ticket_types: [{ value: 2, label: 'General' }],
      })),
      on(createTicket, () => 7),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Please enter a subject')).toBeTruthy();
    expect(screen.getByText('Please describe the problem')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Feature request' }));
    expect(await screen.findByRole('link', { name: 'feature voting board' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Create ticket' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/tickets/$id', () => {
  it('labels an unknown commenter, folds long comments, and keeps Add comment disabled while blank', async () => {
    const { api } = await page('/tickets/7', [on(ticketsViewPage, () => ticket()), on(createComment, () => ({ hash: 'h2' }))]);
    expect(await screen.findByText('(Unknown or deleted user account)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read more' })).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add comment' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /Add a comment/ }), '   ');
    expect(add.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /Add a comment/ }), 'Thanks');
    await userEvent.click(add);
    await waitFor(() =>
      expect(api.callsTo(createComment)[0]?.body).toMatchObject({ target_ticket_id: 7, expect_ticket_hash: 'h1', expect_company_id: 3 }),
    );
  });

  it('a closed ticket offers Reopen and no comment box to a customer', async () => {
    await page('/tickets/7', [
      on(ticketsViewPage, () => ticket({ open: 0, closed_reason: 'resolved', user_closed: { contact_name: 'Ada L.' } })),
    ]);
    expect(await screen.findByRole('button', { name: 'Reopen ticket' })).toBeTruthy();
    expect(screen.getByText(/Closed by Ada L\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add comment' })).toBeNull();
  });

  it('staff close with Other and its text, and an admin may skip the mail', async () => {
    const { api } = await page('/tickets/7', [on(adminTicketsViewPage, () => ticket()), on(closeTicket, () => ({ hash: 'h2' }))], ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close ticket' });
    expect(within(dialog).getByRole('combobox', { name: 'Was a Comet update required' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Other Reason/ }), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Don't notify client when closing ticket" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() =>
      expect(api.callsTo(closeTicket)[0]?.body).toMatchObject({
        target_reason: 'other',
        target_other_reason: 'Duplicate',
        target_skip_notification: true,
      }),
    );
  });

  it('L3 is a one-way admin button, hidden from support and once reached', async () => {
    const { api } = await page(
      '/tickets/7',
      [on(adminTicketsViewPage, () => ticket()), on(setEscalation, () => ({ hash: 'h2' })), on(listAvailableAssignees, () => [])],
      ADMIN,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Escalate to L3' }));
    await waitFor(() => expect(api.callsTo(setEscalation)[0]?.body).toMatchObject({ target_ticket_id: 7, target_new_value: 3 }));
  });

  it('support sees no L3 button and cannot assign, but sees who is assigned and that an admin assigns', async () => {
    const SUPPORT: Partial<AuthContext> = { roles: ['any', 'support'], company_type: 'admin', capabilities: ['use_tickets_page'] };
    await page('/tickets/7', [on(adminTicketsViewPage, () => ticket({ assignees: [{ id: 4, contact_name: 'Sam Support' }] }))], SUPPORT);
    expect(await screen.findByRole('combobox', { name: 'Escalation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escalate to L3' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Assignees' })).toBeNull();
    const assignees = screen.getByRole('group', { name: 'Assignees' });
    expect(within(assignees).getByText('Sam Support')).toBeTruthy();
    expect(within(assignees).getByText('An admin assigns tickets.')).toBeTruthy();
  });

  it('hides the escalation controls once the ticket is at L3', async () => {
    await page('/tickets/7', [on(adminTicketsViewPage, () => ticket({ escalation: 3 })), on(listAvailableAssignees, () => [])], ADMIN);
    expect(await screen.findByRole('combobox', { name: 'Topic' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escalate to L3' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Escalation' })).toBeNull();
  });

  it('staff tag a ticket from the tags in use, take a tag off and recolour it; each failure shows inline', async () => {
    const billing = { id: 4, tag: 'billing', color: '808080' };
    const { api } = await page(
      '/tickets/7',
      [
        on(adminTicketsViewPage, () => ticket({ tags: [billing] })),
        on(listAvailableAssignees, () => []),
        on(listTags, () => [billing, { id: 5, tag: 'vip', color: 'e03131' }]),
        on(addTag, () => ({ error: { code: 400, message: 'No more tags' } })),
        on(removeTag, () => ({ error: { code: 404, message: 'Ticket not found' } })),
        on(changeTagColor, () => ({ error: { code: 400, message: 'Colour refused' } })),
      ],
      ADMIN,
    );
    const input = await screen.findByRole('combobox', { name: 'Add tag' });
    await userEvent.click(input);
    // Tags in use are offered, except those the ticket has.
    expect(await screen.findByRole('option', { name: 'vip' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'billing' })).toBeNull();
    await userEvent.type(input, 'vip{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Failed to add tag: No more tags')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove tag billing' }));
    expect(await screen.findByText('Failed to remove tag: Ticket not found')).toBeTruthy();
    expect(api.callsTo(removeTag)[0]?.body).toMatchObject({ target_ticket_id: 7, target_tag_id: 4 });

    await userEvent.click(screen.getByRole('button', { name: 'Colour of tag billing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save colour' }));
    expect(await screen.findByText('Failed to update tag color: Colour refused')).toBeTruthy();
    expect(api.callsTo(changeTagColor)[0]?.body).toMatchObject({ target_tag_id: 4, target_color: '808080' });
  });

  it('says inline when the tags in use cannot be loaded', async () => {
    await page(
      '/tickets/7',
      [
        on(adminTicketsViewPage, () => ticket()),
        on(listAvailableAssignees, () => []),
        on(listTags, () => ({ error: { code: 403, message: 'Not allowed' } })),
      ],
      ADMIN,
    );
    expect(await screen.findByText('Failed to load tags: Not allowed')).toBeTruthy();
  });
});
