import { type createInvoice, zInvoiceDraft } from '@portal/contract/payments/invoices';
import type { CallInput } from '@portal/contract/shared/define-call';
import { centsOf } from './admin-forms';

/** A line as the dialog holds it: cost in dollars as typed (spec-1 §5: entered in dollars, sent in cents). */
export interface InvoiceLineValues {
  item: string;
  quantity: number | string;
  cost: number | string;
}

export interface InvoiceFormValues {
  target_name: string;
  target_due_date: string;
  target_line_items: InvoiceLineValues[];
  /** The ticket to post the invoice to, as staff type it ('12' or '#12'); blank for none (docs/decisions/0045). */
  target_ticket_search_id?: string;
  target_ticket_body?: string;
}

/** A new line: quantity 0 and cost 0 (spec-1 §5). */
export const NEW_INVOICE_LINE: InvoiceLineValues = { item: '', quantity: 0, cost: 0 };

export const NEW_INVOICE: InvoiceFormValues = { target_name: '', target_due_date: '', target_line_items: [NEW_INVOICE_LINE] };

const quantityOf = (q: number | string) => (q === '' ? 0 : Number(q));

const blankToNull = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/** The call's input: dollars to cents; blank ticket fields as null (no ticket). */
export function invoiceInput(companyId: number, values: InvoiceFormValues): CallInput<typeof createInvoice> {
  return {
    target_id: companyId,
    target_name: values.target_name,
    target_due_date: values.target_due_date,
    target_line_items: values.target_line_items.map((l) => ({ item: l.item, quantity: quantityOf(l.quantity), cost: centsOf(l.cost) })),
    target_ticket_search_id: blankToNull(values.target_ticket_search_id),
    target_ticket_body: blankToNull(values.target_ticket_body),
  };
}

/** The invoice's total in cents as the dialog shows it while typing (0 while a field is not a number). */
export function invoiceTotal(values: InvoiceFormValues): number {
  return values.target_line_items.reduce((sum, l) => {
    const cents = centsOf(l.cost);
    const q = quantityOf(l.quantity);
    return Number.isFinite(cents) && Number.isFinite(q) ? sum + Math.round(q) * cents : sum;
  }, 0);
}

/** The contract's messages keyed by field path ('target_line_items.0.cost'), as the server's field errors are. */
export function invoiceErrors(input: CallInput<typeof createInvoice>): Record<string, string> {
  const result = zInvoiceDraft.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
