import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { MERGE_MESSAGES, mergeTicket, ticketMergeCandidates } from '@portal/contract/tickets/ticket-merge';
import { adminTicketsViewPage, type Ticket, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
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

const page = (path: string, routes: FakeRoute[], auth: Partial<AuthContext> = ADMIN) =>
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
  comments: [],
  notes: [],
  updates: [],
  customer_info: null,
  merged_into: null,
  ...o,
});

const CANDIDATES = [
  { id: 9, subject: 'Backups still fail', open: true, updated_at: '2026-11-02T00:00:00Z' },
  { id: 4, subject: 'Old question', open: false, updated_at: '2026-10-02T00:00:00Z' },
];

describe('merging from the staff ticket view', () => {
  it('searches the company’s tickets, merges into the chosen one and opens it', async () => {
    const { api } = await page('/tickets/7', [
      on(adminTicketsViewPage, (b) =>
        ticket({ id: b.target_ticket_id, subject: b.target_ticket_id === 9 ? 'Backups still fail' : 'Backups fail' }),
      ),
      on(ticketMergeCandidates, (b) => CANDIDATES.filter((c) => c.subject.toLowerCase().includes(b.target_search?.toLowerCase() ?? ''))),
      on(mergeTicket, (b) => ({ id: b.target_merge_into_ticket_id, hash: 'h9' })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge ticket' });
    expect(await within(dialog).findByRole('radio', { name: '#4 Old question (closed)' })).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Find a ticket/ }), 'still');
    await waitFor(() =>
      expect(api.callsTo(ticketMergeCandidates).at(-1)?.body).toMatchObject({ target_ticket_id: 7, target_search: 'still' }),
    );
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Old question/ })).toBeNull());
    const merge = within(dialog).getByRole('button', { name: 'Merge' });
    expect(merge).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('radio', { name: '#9 Backups still fail' }));
    await userEvent.click(merge);
    await waitFor(() => expect(api.callsTo(mergeTicket)[0]?.body).toEqual({ target_ticket_id: 7, target_merge_into_ticket_id: 9 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Backups still fail' })).toBeTruthy();
  });

  it('shows the server’s refusal under the choice', async () => {
    await page('/tickets/7', [
      on(adminTicketsViewPage, () => ticket()),
      on(ticketMergeCandidates, () => CANDIDATES),
      on(mergeTicket, () => ({
        error: { code: 400, message: 'Invalid input', fields: { target_merge_into_ticket_id: MERGE_MESSAGES.otherCompany } },
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge ticket' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: '#9 Backups still fail' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText(MERGE_MESSAGES.otherCompany)).toBeTruthy();
  });

  it('a merged ticket says where it went, links there, and offers no close, reopen or merge', async () => {
    await page('/tickets/7', [on(adminTicketsViewPage, () => ticket({ open: 0, merged_into: 9, closed_reason: 'other' }))]);
    expect(await screen.findByText('Merged into #9')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ticket #9' }).getAttribute('href')).toBe('/tickets/9');
    expect(screen.queryByRole('button', { name: 'Merge…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen ticket' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add comment' })).toBeNull();
  });
});

describe('PDF export links', () => {
  it('staff choose with or without internal notes', async () => {
    await page('/tickets/7', [on(adminTicketsViewPage, () => ticket())]);
    await userEvent.click(await screen.findByRole('button', { name: 'Export PDF' }));
    expect((await screen.findByRole('menuitem', { name: 'With internal notes' })).getAttribute('href')).toBe(
      '/api/v1/tickets/export_pdf?target_ticket_id=7&target_include_notes=true',
    );
    expect(screen.getByRole('menuitem', { name: 'Without internal notes' }).getAttribute('href')).toBe(
      '/api/v1/tickets/export_pdf?target_ticket_id=7&target_include_notes=false',
    );
  });

  it('a customer gets one link, their own view', async () => {
    await page('/tickets/7', [on(ticketsViewPage, () => ticket())], CUSTOMER);
    expect((await screen.findByRole('link', { name: 'Export PDF' })).getAttribute('href')).toBe(
      '/api/v1/tickets/export_pdf?target_ticket_id=7&target_include_notes=false',
    );
    expect(screen.queryByRole('button', { name: 'Merge…' })).toBeNull();
  });
});
