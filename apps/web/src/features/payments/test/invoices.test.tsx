import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import type { PaymentCard } from '@portal/contract/payments/cards';
import {
  createInvoice,
  type Invoice,
  INVOICE_MESSAGES,
  newCustomInvoiceDialog,
  previewInvoice,
  processCustomInvoiceDialog,
  processInvoice,
  voidInvoice,
} from '@portal/contract/payments/invoices';
import { listTransactions, type Transaction } from '@portal/contract/payments/transactions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { renderApp } from '../../../test/render-app';
import { NewInvoiceDialog } from '../components/new-invoice-dialog';
import { ProcessInvoiceDialog } from '../components/process-invoice-dialog';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_billing_pages'] };

const tx = (id: string, o: Partial<Transaction> = {}): Transaction => ({
  id,
  type: 'TOPUP',
  type_label: 'Customer Purchase',
  created_at: '2026-11-24T01:00:00.000Z',
  success: true,
  item: 'Top-up: $100',
  amount: 11_000,
  charged_amount: 10_000,
  invoice_number: null,
  invoice_exists: true,
  card_id: 1,
  ...o,
});

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

const card = (id: number, last4: string, o: Partial<PaymentCard> = {}): PaymentCard => ({
  id,
  card_name: 'Ann',
  card_type: 'Visa',
  card_number: `•••• •••• •••• ${last4}`,
  card_expiry: '12/2030',
  is_default: false,
  last_transaction: null,
  transaction_success_count: 0,
  transaction_failure_count: 0,
  charged_amount: 0,
  ...o,
});

describe('/mybill', () => {
  it('lists the transactions with their type, amounts and a PDF link per line', async () => {
    const { api } = await renderApp('/mybill', [
      on(getAuthContext, () => authContext(CUSTOMER)),
      on(listTransactions, () => ({
        rows: [
          tx('c5', {
            type: 'INVOICE',
            type_label: 'Invoice #12',
            item: 'Invoice #12: Migration',
            amount: 0,
            charged_amount: 35_000,
            invoice_number: 12,
          }),
          tx('p3', { type_label: 'Admin Entry', item: 'Goodwill', amount: 500, charged_amount: 0, card_id: null }),
          tx('c4'),
        ],
        total: 3,
      })),
    ]);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('Invoice #12')).toBeTruthy();
    expect(within(table).getByText('Admin Entry')).toBeTruthy();
    expect(within(table).getByText('Customer Purchase')).toBeTruthy();
    expect(within(table).getByText('$110.00')).toBeTruthy();
    expect(within(table).getByText('$350.00')).toBeTruthy();
    const links = within(table).getAllByRole('link', { name: /Download PDF/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/api/v1/user/view_custom_invoice?id=12',
      '/api/v1/user/transactions/download_invoice?transaction_id=p3',
      '/api/v1/user/transactions/download_invoice?transaction_id=c4',
    ]);
    for (const a of links) expect(a.getAttribute('target')).toBe('_blank');
    // 20 a page (spec-2 §9).
    expect(api.callsTo(listTransactions)[0]?.body).toMatchObject({ page: 1, page_size: 20 });
  });
});

describe('Create A New Custom Invoice', () => {
  it('shows the messages on their fields and sends nothing until they are fixed', async () => {
    const api = fakeApi([on(newCustomInvoiceDialog, () => ({ company_id: 7, company_name: 'Acme' })), on(createInvoice, () => invoice())]);
    renderWithProviders(<NewInvoiceDialog companyId={7} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create A New Custom Invoice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(INVOICE_MESSAGES.name)).toBeTruthy();
    expect(within(dialog).getByText(INVOICE_MESSAGES.dueDate)).toBeTruthy();
    expect(within(dialog).getByText(INVOICE_MESSAGES.item)).toBeTruthy();
    expect(api.callsTo(createInvoice)).toHaveLength(0);
    // A message goes once its field is changed.
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'M');
    expect(within(dialog).queryByText(INVOICE_MESSAGES.name)).toBeNull();
    expect(within(dialog).getByText(INVOICE_MESSAGES.dueDate)).toBeTruthy();
  });

  it('takes dollars and sends cents, totals as typed, and closes once created', async () => {
    const api = fakeApi([on(newCustomInvoiceDialog, () => ({ company_id: 7, company_name: 'Acme' })), on(createInvoice, () => invoice())]);
    const onClose = vi.fn();
    renderWithProviders(<NewInvoiceDialog companyId={7} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create A New Custom Invoice' });
    expect(await within(dialog).findByText('For Acme')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Migration');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '2026-12-31');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Data migration');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity 1' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    const cost = within(dialog).getByRole('textbox', { name: 'Cost 1 (dollars)' });
    await userEvent.clear(cost);
    await userEvent.type(cost, '175.25');
    expect(within(dialog).getByText('Total $350.50 USD')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(createInvoice)[0]?.body).toEqual({
      target_id: 7,
      target_name: 'Migration',
      target_due_date: '2026-12-31',
      target_line_items: [{ item: 'Data migration', quantity: 2, cost: 17_525 }],
      target_ticket_search_id: null,
      target_ticket_body: null,
    });
  });

  it("puts the server's field message on the line", async () => {
    fakeApi([
      on(newCustomInvoiceDialog, () => ({ company_id: 7, company_name: 'Acme' })),
      on(previewInvoice, () => ({
        error: { code: 400, message: INVOICE_MESSAGES.total, fields: { target_line_items: INVOICE_MESSAGES.total } },
      })),
      on(createInvoice, () => ({
        error: { code: 400, message: INVOICE_MESSAGES.total, fields: { target_line_items: INVOICE_MESSAGES.total } },
      })),
    ]);
    renderWithProviders(<NewInvoiceDialog companyId={7} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create A New Custom Invoice' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nothing');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '2026-12-31');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Free');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findAllByText(INVOICE_MESSAGES.total)).length).toBeGreaterThan(0);
  });
});

describe('Process Invoice', () => {
  const dialogData = (
    o: Partial<Invoice> = {},
    cards = [card(1, '4242', { is_default: true }), card(2, '4444', { card_type: 'Mastercard' })],
  ) => ({
    invoice: invoice(o),
    company_name: 'Acme',
    cards,
  });

  it("is titled 'Invoice #id' and charges the picked card, showing the gateway's answer", async () => {
    const api = fakeApi([
      on(processCustomInvoiceDialog, () => dialogData()),
      on(processInvoice, () => ({
        success: false,
        message: `${INVOICE_MESSAGES.paymentFailed} Insufficient funds`,
        response_text: 'Insufficient funds',
        invoice: invoice(),
      })),
    ]);
    renderWithProviders(<ProcessInvoiceDialog invoiceId={12} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invoice #12' });
    expect(await within(dialog).findByText('Data migration')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Saved card', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: /Mastercard/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Process' }));
    expect(await within(dialog).findByText(`${INVOICE_MESSAGES.paymentFailed} Insufficient funds`)).toBeTruthy();
    expect(api.callsTo(processInvoice)[0]?.body).toEqual({ target_invoice_id: 12, target_card_id: 2 });
  });

  it('voids only after asking', async () => {
    const api = fakeApi([on(processCustomInvoiceDialog, () => dialogData()), on(voidInvoice, () => invoice({ status: 'VOID' }))]);
    renderWithProviders(<ProcessInvoiceDialog invoiceId={12} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invoice #12' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Void' }));
    const confirm = await screen.findByRole('dialog', { name: 'Void Invoice #12?' });
    expect(api.callsTo(voidInvoice)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(api.callsTo(voidInvoice)[0]?.body).toEqual({ target_invoice_id: 12 }));
  });

  it('offers neither Process nor Void for a PAID or VOID invoice', async () => {
    for (const status of ['PAID', 'VOID'] as const) {
      fakeApi([on(processCustomInvoiceDialog, () => dialogData({ status }))]);
      const { unmount } = renderWithProviders(<ProcessInvoiceDialog invoiceId={12} onClose={vi.fn()} />);
      const dialog = await screen.findByRole('dialog', { name: 'Invoice #12' });
      await within(dialog).findByText('Data migration');
      expect(within(dialog).getByRole('button', { name: 'Process' }).hasAttribute('disabled')).toBe(true);
      expect(within(dialog).getByRole('button', { name: 'Void' }).hasAttribute('disabled')).toBe(true);
      unmount();
    }
  });
});
