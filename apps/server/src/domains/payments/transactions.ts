/**
 * The customer's bill (/mybill, spec-2 §2.10) and its PDFs: a receipt for each card purchase and admin
 * entry, the invoice for a paid custom invoice (docs/decisions/0029).
 */
import type { Transaction } from '@portal/contract/payments/transactions';
import { formatCents } from '@portal/contract/shared/money';
import type { CallContext } from '../../platform/context.ts';
import { isAdmin } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import { cardOut } from './cards.ts';
import { billTo, viewPdf } from './invoices.ts';
import * as cardQ from './queries/cards.ts';
import * as iq from './queries/invoices.ts';
import * as q from './queries/transactions.ts';
import { aucklandDate, renderPdf } from './pdf/render.ts';

const NOT_FOUND = 'Transaction not found';

function transactionOut(r: q.BillRow): Transaction {
  const type = r.invoice_id !== null ? 'INVOICE' : 'TOPUP';
  return {
    id: r.id,
    type,
    type_label: r.invoice_id !== null ? `Invoice #${r.invoice_id}` : r.card_id !== null ? 'Customer Purchase' : 'Admin Entry',
    created_at: r.created_at.toISOString(),
    success: true,
    item: r.item,
    amount: r.amount,
    charged_amount: r.charged_amount,
    invoice_number: r.invoice_id,
    invoice_exists: true,
    card_id: r.card_id,
  };
}

async function page(ctx: CallContext, companyId: number, input: { page: number; page_size: number }, cardId: number | null) {
  const { rows, total } = await q.pageBill(ctx.db, companyId, {
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
    cardId,
  });
  return { rows: rows.map(transactionOut), total };
}

/** The caller's own company's bill: the session named the company, so there is nothing more to check. */
export async function listForCaller(ctx: CallContext, input: { page: number; page_size: number }) {
  return page(ctx, ctx.actor.companyId, input, null);
}

export async function listForAdmin(
  ctx: CallContext,
  input: { page: number; page_size: number; target_id: number; target_card_id?: number | null },
) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  return page(ctx, company.id, input, input.target_card_id || null);
}

export async function savedCardsForAdmin(ctx: CallContext, input: { page: number; page_size: number; target_id: number }) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const { rows, total } = await cardQ.pageCards(ctx.db, company.id, input.page_size, (input.page - 1) * input.page_size);
  return { rows: rows.map(cardOut), total };
}

/**
 * The PDF of one line of the bill, for its company's users and admins. A paid invoice's line answers the
 * invoice; a purchase or an admin entry answers a receipt.
 */
export async function downloadPdf(ctx: CallContext, input: { transaction_id: string }) {
  const owner = await q.billRowCompany(ctx.db, input.transaction_id);
  if (owner === null || (!isAdmin(ctx.actor) && owner !== ctx.actor.companyId)) throw notFound(NOT_FOUND);
  const row = await q.findBillRow(ctx.db, owner, input.transaction_id);
  if (!row) throw notFound(NOT_FOUND);
  if (row.invoice_id !== null) return viewPdf(ctx, { id: row.invoice_id });
  const company = await tenancy.requireCompany(ctx, { companyId: owner, mode: 'read' });
  const card = row.card_id === null ? null : await iq.findCardAnyState(ctx.db, row.card_id);
  const paidBy = card ? `Paid by ${card.card_type} ending ${card.last4}` : 'Credit added by an administrator';
  const pdf = await renderPdf({
    title: 'Receipt',
    number: `Receipt ${row.id.toUpperCase()}`,
    issued_at: row.created_at,
    status: 'PAID',
    bill_to: billTo(company),
    lines: [{ item: row.item, quantity: 1, cost: row.charged_amount }],
    notes: [`${paidBy} on ${aucklandDate(row.created_at)}.`, `Credit added to the account: ${formatCents(row.amount)}.`],
  });
  return { filename: `receipt-${row.id}.pdf`, pdf_base64: pdf.toString('base64') };
}
