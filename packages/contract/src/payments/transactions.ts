import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zCompanyId, zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { zPaymentCard } from './cards.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';

/** The bill (/mybill) and the Transaction History dialog list 20 a page (spec-2 §9). */
export const TRANSACTION_PAGE_SIZE = 20;

/** TOPUP: a card purchase or an admin's credit entry; INVOICE: a paid custom invoice (spec-2 §3). */
export const TRANSACTION_TYPES = ['TOPUP', 'INVOICE'] as const;

/**
 * A line of the customer's bill. Ids name their source: `c<n>` a card charge, `p<n>` an admin's credit
 * entry (docs/decisions/0029).
 */
export const zTransaction = z.object({
  id: zOwnedId('transaction'),
  type: z.enum(TRANSACTION_TYPES),
  /** What the bill's Type column says: Customer Purchase, Admin Entry or Invoice #number. */
  type_label: z.string(),
  created_at: zTimestamp,
  success: z.boolean(),
  item: z.string(),
  /** Credit added, in cents (0 for an invoice). */
  amount: zCentsNonNegative,
  /** What was paid, in cents. */
  charged_amount: zCentsNonNegative,
  invoice_number: z.number().int().nullable(),
  /** Whether a PDF can be downloaded for the line (download_invoice). */
  invoice_exists: z.boolean(),
  /** The card a charge used; null for admin entries. */
  card_id: z.number().int().nullable(),
});
export type Transaction = z.infer<typeof zTransaction>;

const zPage = {
  page: z.number().int().min(1).max(10_000_000).default(1),
  page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(TRANSACTION_PAGE_SIZE),
};

export const listTransactions = defineCall({
  path: '/api/v1/user/transactions/list',
  summary: "The company's bill, newest first: card purchases, admin credit entries and paid custom invoices.",
  input: z.object(zPage),
  output: zPageOf(zTransaction),
  access: { roles: ['customer', 'distributor'] },
});

/** A PDF as the JSON answer carries it; `GET <path>?…` sends the file itself (docs/decisions/0029). */
export const zPdfFile = z.object({ filename: z.string(), pdf_base64: z.string() });

export const downloadInvoice = defineCall({
  path: '/api/v1/user/transactions/download_invoice',
  summary: 'The receipt (or paid invoice) PDF of one line of the bill; GET with ?transaction_id= opens the file.',
  input: z.object({ transaction_id: zOwnedId('transaction') }),
  output: zPdfFile,
  access: { roles: ['customer', 'distributor', 'admin'] },
  file: 'pdf',
});

export const adminCompanyTransactions = defineCall({
  path: '/api/v1/admin/company/transactions',
  summary: "A company's bill for the company dialog, newest first, optionally only one card's charges.",
  input: z.object({ ...zPage, target_id: zCompanyId, target_card_id: z.number().int().min(0).max(2_147_483_647).nullish() }),
  output: zPageOf(zTransaction),
  access: { roles: ['admin'] },
});

export const adminCompanySavedCards = defineCall({
  path: '/api/v1/admin/company/saved-cards',
  summary: "A company's saved cards for the company dialog (the card filter of its transactions).",
  input: z.object({ ...zPage, target_id: zCompanyId }),
  output: zPageOf(zPaymentCard),
  access: { roles: ['admin'] },
});
