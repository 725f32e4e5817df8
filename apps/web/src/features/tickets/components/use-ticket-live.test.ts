import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { ticketsList } from '@portal/contract/tickets/ticket-lists';
import { adminTicketsViewPage, createComment, getTicketHash, type Ticket, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { HASH_CHECK_ERROR } from '../lib/ticket-rules';
import { TICKET_EVENTS_PATH } from './use-ticket-live';

/** Stands in for the browser's EventSource: records what the page opened and lets a test send events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, Set<(event: { data: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (event: { data: string }) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(fn);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, fn: (event: { data: string }) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    if (this.closed) throw new Error('an event on a closed stream');
    for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
}

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_tickets_page'] };
const ADMIN: Partial<AuthContext> = {
  roles: ['any', 'admin'],
  company_type: 'admin',
  capabilities: ['use_tickets_page', 'use_all_tickets_page'],
};

const ticket = (hash: string): Ticket => ({
  id: 7,
  hash,
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
});

/** The ticket page against a server whose hash the test moves on. */
async function openTicket(auth: Partial<AuthContext>, extra: FakeRoute[] = []) {
  const server: { hash: string; hashFails: boolean; viewHash?: string } = { hash: 'h1', hashFails: false };
  const view = auth === ADMIN ? adminTicketsViewPage : ticketsViewPage;
  const rendered = await renderApp('/tickets/7', [
    on(getAuthContext, () => authContext(auth)),
    on(view, () => ticket(server.viewHash ?? server.hash)),
    on(getTicketHash, () => (server.hashFails ? { error: { code: 500, message: 'Internal Error' } } : { hash: server.hash })),
    ...extra,
  ]);
  expect(await screen.findByText('Backups fail')).toBeTruthy();
  const stream = FakeEventSource.opened.at(-1);
  if (!stream) throw new Error('the page opened no event stream');
  return { ...rendered, server, stream, view };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('live updates on /tickets/$id', () => {
  const VIEWERS = JSON.stringify({
    viewers: [
      { user_id: 2, contact_name: 'Sam Support', is_staff: true },
      { user_id: 9, contact_name: 'Casey Customer', is_staff: false },
    ],
  });

  it('staff see who else is viewing as the stream tells it, in a status region that stays when empty', async () => {
    const { stream } = await openTicket(ADMIN);
    const region = screen.getByTestId('ticket-viewers');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    act(() => stream.emit('viewers', VIEWERS));
    expect(region.textContent).toContain('Sam Support and Casey Customer (customer) are also viewing');
    act(() => stream.emit('viewers', JSON.stringify({ viewers: [] })));
    expect(region.textContent).toBe('');
  });

  it('a customer’s page has no viewers region, whatever its stream might say', async () => {
    const { stream } = await openTicket(CUSTOMER);
    act(() => stream.emit('viewers', VIEWERS));
    expect(screen.queryByTestId('ticket-viewers')).toBeNull();
    expect(screen.queryByText(/also viewing/)).toBeNull();
  });

  it('opens the ticket’s event stream; a changed event shows the customer’s message and reloads the ticket', async () => {
    const { api, server, stream } = await openTicket(CUSTOMER);
    expect(stream.url).toBe(`${TICKET_EVENTS_PATH}?id=7`);
    expect(FakeEventSource.opened.filter((s) => !s.closed)).toHaveLength(1);
    expect(api.callsTo(ticketsViewPage)).toHaveLength(1);
    server.hash = 'h2';
    act(() => stream.emit('changed'));
    expect(await screen.findByText('A new comment has been added to the ticket')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo(ticketsViewPage)).toHaveLength(2));
  });

  it('staff are told a new update has been loaded', async () => {
    const { api, server, stream } = await openTicket(ADMIN);
    server.hash = 'h2';
    act(() => stream.emit('changed'));
    expect(await screen.findByText('A new update has been loaded')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo(adminTicketsViewPage)).toHaveLength(2));
  });

  it('an event while the hash is unchanged asks for it and shows nothing', async () => {
    const { api, stream } = await openTicket(CUSTOMER);
    act(() => stream.emit('changed'));
    await waitFor(() => expect(api.callsTo(getTicketHash)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('A new comment has been added to the ticket')).toBeNull();
    expect(api.callsTo(ticketsViewPage)).toHaveLength(1);
  });

  it('the page’s own comment is not told to it as news when its event comes back', async () => {
    const routes = [on(createComment, () => ({ hash: 'h2' }))];
    const { api, server, stream } = await openTicket(CUSTOMER, routes);
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Thanks');
    // The event can come back before the page has reloaded the ticket.
    server.viewHash = 'h1';
    server.hash = 'h2';
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(api.callsTo(createComment)).toHaveLength(1));
    act(() => stream.emit('changed'));
    await waitFor(() => expect(api.callsTo(getTicketHash).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('A new comment has been added to the ticket')).toBeNull();
  });

  it('a failed hash check after an event says to reload the page', async () => {
    const { server, stream } = await openTicket(CUSTOMER);
    server.hashFails = true;
    act(() => stream.emit('changed'));
    expect(await screen.findByText(HASH_CHECK_ERROR)).toBeTruthy();
  });

  it('leaving the page closes the stream', async () => {
    const { router, stream } = await openTicket(CUSTOMER, [on(ticketsList, () => ({ rows: [], total: 0 }))]);
    expect(stream.closed).toBe(false);
    await act(() => router.navigate({ to: '/support' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(FakeEventSource.opened.every((s) => s.closed)).toBe(true);
  });
});
