import { createInvoice, type Invoice, newCustomInvoiceDialog } from '@portal/contract/payments/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { NewInvoiceDialog } from '../components/new-invoice-dialog';

const invoice = (o: Partial<Invoice> = {}): Invoice => ({
  id: 12,
  company_id: 7,
  name: 'Migration',
  due_date: '2026-12-31',
  ticket_search_id: null,
  status: 'UNPAID',
  total_cost: 35_000,
  paid_at: null,
  created_at: '2026-11-24T01:00:00.000Z',
  line_items: [{ item: 'Data migration', quantity: 2, cost: 17_500 }],
  ...o,
});

async function fillInvoice(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Migration');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '2026-12-31');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Data migration');
  const cost = within(dialog).getByRole('textbox', { name: 'Cost 1 (dollars)' });
  await userEvent.clear(cost);
  await userEvent.type(cost, '175');
}

describe('a custom invoice posted to a ticket (docs/decisions/0045)', () => {
  it('sends the ticket number and message, and hands the created invoice on so its ticket opens', async () => {
    const api = fakeApi([
      on(newCustomInvoiceDialog, () => ({ company_id: 7, company_name: 'Acme' })),
      on(createInvoice, () => invoice({ ticket_search_id: '41' })),
    ]);
    const onCreated = vi.fn();
    renderWithProviders(<NewInvoiceDialog companyId={7} onClose={vi.fn()} onCreated={onCreated} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create A New Custom Invoice' });
    await fillInvoice(dialog);
    const message = within(dialog).getByRole('textbox', { name: /Message on the ticket/ });
    expect(message).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Post to ticket/ }), '#41');
    await userEvent.type(message, 'The quote we discussed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ ticket_search_id: '41' })));
    expect(api.callsTo(createInvoice)[0]?.body).toMatchObject({
      target_ticket_search_id: '#41',
      target_ticket_body: 'The quote we discussed',
    });
  });

  it('puts the server’s refusal on the ticket field', async () => {
    fakeApi([
      on(newCustomInvoiceDialog, () => ({ company_id: 7, company_name: 'Acme' })),
      on(createInvoice, () => ({
        error: { code: 400, message: 'Invalid input', fields: { target_ticket_search_id: 'Ticket not found' } },
      })),
    ]);
    renderWithProviders(<NewInvoiceDialog companyId={7} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create A New Custom Invoice' });
    await fillInvoice(dialog);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Post to ticket/ }), '999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Ticket not found')).toBeTruthy();
  });
});
