import { INVOICE_MESSAGES } from '@portal/contract/payments/invoices';
import { describe, expect, it } from 'vitest';
import { NEW_INVOICE, invoiceErrors, invoiceInput, invoiceTotal } from './invoice-form';

describe('the custom invoice form', () => {
  it('starts with one line of quantity 0 and cost 0', () => {
    expect(NEW_INVOICE.target_line_items).toEqual([{ item: '', quantity: 0, cost: 0 }]);
  });

  it('sends dollars as cents and nulls the ticket fields', () => {
    const input = invoiceInput(7, {
      target_name: 'Setup',
      target_due_date: '2026-12-31',
      target_line_items: [
        { item: 'Migration', quantity: 2, cost: '125.50' },
        { item: 'Training', quantity: '1', cost: 0.1 },
      ],
    });
    expect(input).toEqual({
      target_id: 7,
      target_name: 'Setup',
      target_due_date: '2026-12-31',
      target_line_items: [
        { item: 'Migration', quantity: 2, cost: 12_550 },
        { item: 'Training', quantity: 1, cost: 10 },
      ],
      target_ticket_search_id: null,
      target_ticket_body: null,
    });
    expect(invoiceErrors(input)).toEqual({});
  });

  it('totals quantity × cost in cents while typing', () => {
    expect(
      invoiceTotal({
        ...NEW_INVOICE,
        target_line_items: [
          { item: 'a', quantity: 3, cost: '19.99' },
          { item: 'b', quantity: '', cost: 'x' },
        ],
      }),
    ).toBe(5997);
  });

  it("gives the contract's messages keyed by the line's field", () => {
    const errors = invoiceErrors(
      invoiceInput(7, { target_name: ' ', target_due_date: '2026-02-30', target_line_items: [{ item: '', quantity: 1.5, cost: -1 }] }),
    );
    expect(errors).toEqual({
      target_name: INVOICE_MESSAGES.name,
      target_due_date: INVOICE_MESSAGES.dueDate,
      'target_line_items.0.item': INVOICE_MESSAGES.item,
      'target_line_items.0.quantity': INVOICE_MESSAGES.quantity,
      'target_line_items.0.cost': INVOICE_MESSAGES.cost,
    });
    expect(
      invoiceErrors(invoiceInput(7, { ...NEW_INVOICE, target_name: 'x', target_due_date: '2026-01-01', target_line_items: [] })),
    ).toEqual({
      target_line_items: INVOICE_MESSAGES.lines,
    });
  });
});
