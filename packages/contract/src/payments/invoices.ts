import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zCompanyId, zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';
import { zPaymentCard } from './cards.ts';
import { zPdfFile } from './transactions.ts';

export const INVOICE_STATUSES = ['UNPAID', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_MESSAGES = {
  name: 'Please enter a name for the invoice',
  dueDate: 'Please enter a due date (YYYY-MM-DD)',
  lines: 'Please add at least one line item',
  item: 'Please describe the item',
  quantity: 'Quantity must be a whole number, 0 or more',
  cost: 'Cost must be 0 or more',
  total: 'The invoice total must be more than $0.00',
  notFound: 'Invoice not found',
  notUnpaid: 'Only an unpaid invoice can be processed or voided',
  selectCard: 'Please select a saved card',
  paymentFailed: 'The card payment could not be processed.',
} as const;

/** At most this many lines on one invoice: one PDF page of lines and then some. */
export const INVOICE_MAX_LINES = 50;
/** A line's cost ceiling in cents ($1,000,000), so quantity × cost stays an exact integer. */
export const INVOICE_MAX_LINE_COST = 100_000_000;
export const INVOICE_MAX_QUANTITY = 100_000;

export const zInvoiceLine = z.object({
  item: z.string({ error: INVOICE_MESSAGES.item }).trim().min(1, { error: INVOICE_MESSAGES.item }).max(200),
  quantity: z
    .number({ error: INVOICE_MESSAGES.quantity })
    .int({ error: INVOICE_MESSAGES.quantity })
    .min(0, { error: INVOICE_MESSAGES.quantity })
    .max(INVOICE_MAX_QUANTITY),
  /** Cents per unit; the dialog takes dollars. */
  cost: z
    .number({ error: INVOICE_MESSAGES.cost })
    .int({ error: INVOICE_MESSAGES.cost })
    .min(0, { error: INVOICE_MESSAGES.cost })
    .max(INVOICE_MAX_LINE_COST),
});
export type InvoiceLine = z.infer<typeof zInvoiceLine>;

/** A real calendar day in YYYY-MM-DD. */
export const zDueDate = z
  .string({ error: INVOICE_MESSAGES.dueDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: INVOICE_MESSAGES.dueDate })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2999-12-31';
    },
    { error: INVOICE_MESSAGES.dueDate },
  );

export const zInvoiceDraft = z.object({
  target_id: zCompanyId,
  target_name: z.string({ error: INVOICE_MESSAGES.name }).trim().min(1, { error: INVOICE_MESSAGES.name }).max(200),
  target_due_date: zDueDate,
  target_line_items: z
    .array(zInvoiceLine, { error: INVOICE_MESSAGES.lines })
    .min(1, { error: INVOICE_MESSAGES.lines })
    .max(INVOICE_MAX_LINES),
  /** Attaching to a ticket arrives with the tickets issue: accepted and stored as null for now. */
  target_ticket_search_id: z.string().max(100).nullish(),
  target_ticket_body: z.string().max(20_000).nullish(),
});

export const zInvoice = z.object({
  id: zOwnedId('invoice'),
  company_id: z.number().int(),
  name: z.string(),
  due_date: z.string(),
  ticket_search_id: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  total_cost: zCentsNonNegative,
  paid_at: zTimestamp.nullable(),
  created_at: zTimestamp,
  line_items: z.array(zInvoiceLine),
});
export type Invoice = z.infer<typeof zInvoice>;

const example = {
  target_id: 1,
  target_name: 'Consulting',
  target_due_date: '2026-12-31',
  target_line_items: [{ item: 'Setup', quantity: 1, cost: 5000 }],
};

export const previewInvoice = defineCall({
  path: '/api/v1/admin/payment/invoice/preview',
  summary: 'The PDF a custom invoice would be, without saving it.',
  input: zInvoiceDraft,
  output: zPdfFile,
  access: { roles: ['admin'] },
  example,
});

export const createInvoice = defineCall({
  path: '/api/v1/admin/payment/invoice/create',
  summary: 'Saves a custom invoice for a company, UNPAID.',
  input: zInvoiceDraft,
  output: zInvoice,
  access: { roles: ['admin'] },
  example,
});

export const processInvoice = defineCall({
  path: '/api/v1/admin/payment/invoice/process',
  summary: "Charges an UNPAID invoice's total to one of its company's saved cards; approved, it is PAID.",
  input: z.object({
    target_invoice_id: zOwnedId('invoice'),
    target_card_id: zOwnedId('payment_card', INVOICE_MESSAGES.selectCard),
  }),
  output: z.object({ success: z.boolean(), message: z.string(), response_text: z.string(), invoice: zInvoice }),
  access: { roles: ['admin'] },
  conflict: 'An earlier payment of this invoice is still unanswered; try again with the same card.',
});

export const voidInvoice = defineCall({
  path: '/api/v1/admin/payment/invoice/void',
  summary: 'Voids an UNPAID invoice.',
  input: z.object({ target_invoice_id: zOwnedId('invoice') }),
  output: zInvoice,
  access: { roles: ['admin'] },
});

export const viewCustomInvoice = defineCall({
  path: '/api/v1/user/view_custom_invoice',
  summary: "A custom invoice's PDF, for its company and admins; GET with ?id= opens the file (view_custom_invoice?id=).",
  input: z.object({ id: zOwnedId('invoice') }),
  output: zPdfFile,
  access: { roles: ['customer', 'distributor', 'admin'] },
  file: 'pdf',
});

export const adminCompanyInvoices = defineCall({
  path: '/api/v1/admin/company/invoices',
  summary: "A company's custom invoices for the company dialog's Invoices tab, newest first.",
  input: z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(20),
    target_id: zCompanyId,
  }),
  output: zPageOf(zInvoice),
  access: { roles: ['admin'] },
});

export const newCustomInvoiceDialog = defineCall({
  path: '/api/v1/web/AdminNewCustomInvoiceDialog.json',
  summary: 'What the Create A New Custom Invoice dialog needs: the company it bills.',
  input: z.object({ target_id: zCompanyId }),
  output: z.object({ company_id: z.number().int(), company_name: z.string() }),
  access: { roles: ['admin'] },
});

export const processCustomInvoiceDialog = defineCall({
  path: '/api/v1/web/AdminProcessCustomInvoiceDialog.json',
  summary: "What the Process Invoice dialog needs: the invoice and its company's saved cards.",
  input: z.object({ target_id: zOwnedId('invoice') }),
  output: z.object({ invoice: zInvoice, company_name: z.string(), cards: z.array(zPaymentCard) }),
  access: { roles: ['admin'] },
});
