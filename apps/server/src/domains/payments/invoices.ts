/**
 * Custom invoices (spec-1 §3, §4, §7; docs/decisions/0029): an admin drafts one for a company (preview is
 * its PDF, create saves it UNPAID), then processes it by charging one of the company's saved cards, or
 * voids it. Only an UNPAID invoice can be processed or voided: both take the invoice's row lock and move
 * it with an update conditional on UNPAID, so a process and a void, or two processes, never both land.
 */
import { INVOICE_MESSAGES, type Invoice } from '@portal/contract/payments/invoices';
import type { CallContext } from '../../platform/context.ts';
import { isAdmin } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { type GatewayOutcome, GatewayTimeout } from './gateway/gateway.ts';
import { gatewayOf, redact } from './gateway/install.ts';
import { GATEWAY_TIMEOUT } from '@portal/contract/payments/charges';
import { formatCents } from '@portal/contract/shared/money';
import { cardOut } from './cards.ts';
import * as cardQ from './queries/cards.ts';
import type { CardRow } from './queries/cards.ts';
import * as chargeQ from './queries/charges.ts';
import * as q from './queries/invoices.ts';
import { BILLING_EMAIL, aucklandDate, type PdfParty, renderPdf, totalOf } from './pdf/render.ts';

export interface InvoiceDraft {
  target_id: number;
  target_name: string;
  target_due_date: string;
  target_line_items: { item: string; quantity: number; cost: number }[];
  target_ticket_search_id?: string | null;
  target_ticket_body?: string | null;
}

export function invoiceOut(r: q.InvoiceWithLines): Invoice {
  return {
    id: r.id,
    company_id: r.company_id,
    name: r.name,
    due_date: r.due_date,
    ticket_search_id: r.ticket_search_id,
    status: r.status,
    total_cost: r.total_cost,
    paid_at: r.paid_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    line_items: r.lines.map((l) => ({ item: l.item, quantity: l.quantity, cost: l.cost })),
  };
}

/** The company as a document's "Bill to" prints it. */
export function billTo(company: tenancy.CompanyRow): PdfParty {
  const cityLine = [company.city, company.postal_code].filter((s) => s?.trim()).join(' ');
  const lines = [company.street_address, cityLine, company.country, company.phone_number ? `Phone: ${company.phone_number}` : '']
    .map((s) => (s ?? '').trim())
    .filter(Boolean);
  return { company_name: company.company_name, lines };
}

function invoicePdf(
  company: tenancy.CompanyRow,
  inv: {
    id: number | null;
    name: string;
    due_date: string;
    status: string;
    created_at: Date;
    paid_at?: Date | null;
    lines: q.InvoiceWithLines['lines'] | InvoiceDraft['target_line_items'];
  },
) {
  return renderPdf({
    title: 'Invoice',
    number: inv.id === null ? 'Invoice (preview)' : `Invoice #${inv.id}`,
    issued_at: inv.created_at,
    due_date: inv.due_date,
    status: inv.status,
    bill_to: billTo(company),
    lines: inv.lines.map((l) => ({ item: l.item, quantity: l.quantity, cost: l.cost })),
    notes: [`For: ${inv.name}`, ...settlementNotes(inv)],
  });
}

/**
 * What the reader must do about the invoice: an unpaid one says how it is paid (the vendor charges a card saved in
 * the portal, spec-1 "processed (charged to a saved card)"), a paid one when, a void one that nothing is owed.
 */
function settlementNotes(inv: { id: number | null; status: string; due_date: string; paid_at?: Date | null }): string[] {
  if (inv.paid_at) return [`Paid on ${aucklandDate(inv.paid_at)}`];
  if (inv.status === 'VOID') return ['This invoice is void: nothing is owed.'];
  const quote = inv.id === null ? 'its invoice number' : `Invoice #${inv.id}`;
  return [
    `How to pay: by ${inv.due_date} we charge this invoice to a card saved in the portal (Billing, Payment methods); add one there if you have none.`,
    `To pay another way, email ${BILLING_EMAIL} quoting ${quote}.`,
  ];
}

const pdfAnswer = (filename: string, pdf: Buffer) => ({ filename, pdf_base64: pdf.toString('base64') });

export async function preview(ctx: CallContext, input: InvoiceDraft) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const pdf = await invoicePdf(company, {
    id: null,
    name: input.target_name,
    due_date: input.target_due_date,
    status: 'UNPAID',
    created_at: ctx.clock.now(),
    lines: input.target_line_items,
  });
  return pdfAnswer('invoice-preview.pdf', pdf);
}

export async function create(ctx: CallContext, input: InvoiceDraft) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const total = totalOf(input.target_line_items);
  if (total <= 0) throw new AppError(400, INVOICE_MESSAGES.total, { target_line_items: INVOICE_MESSAGES.total });
  const inv = await q.insertInvoice(
    ctx.db,
    {
      company_id: company.id,
      name: input.target_name,
      due_date: input.target_due_date,
      // The ticket it was posted to, if any: admin-tools composes the post (docs/decisions/0045).
      ticket_search_id: input.target_ticket_search_id ?? null,
      status: 'UNPAID',
      total_cost: total,
      created_by_user_id: ctx.actor.userId,
      created_at: ctx.clock.now(),
    },
    input.target_line_items,
  );
  await ctx.audit(company.id, `Created invoice #${inv.id} "${inv.name}" for ${formatCents(total)}`);
  return invoiceOut(inv);
}

async function requireInvoice(ctx: CallContext, id: number, lock: boolean) {
  const inv = await q.findInvoice(ctx.db, id, lock);
  if (!inv) throw notFound(INVOICE_MESSAGES.notFound);
  return inv;
}

const notUnpaid = () => new AppError(400, INVOICE_MESSAGES.notUnpaid, { target_invoice_id: INVOICE_MESSAGES.notUnpaid });

export async function voidInvoice(ctx: CallContext, input: { target_invoice_id: number }) {
  const inv = await requireInvoice(ctx, input.target_invoice_id, true);
  const row = await q.settleUnpaid(ctx.db, inv.id, { status: 'VOID', voided_at: ctx.clock.now() });
  if (!row) throw notUnpaid();
  await ctx.audit(inv.company_id, `Voided invoice #${inv.id} "${inv.name}"`);
  return invoiceOut({ ...row, lines: inv.lines });
}

/**
 * Charges the invoice's total to a saved card of its company. The key names the invoice and how many
 * attempts failed before, so a retry after a timeout asks the gateway about the same charge, while a new
 * attempt after a decline is a new charge.
 */
export async function process(ctx: CallContext, input: { target_invoice_id: number; target_card_id: number }) {
  const inv = await requireInvoice(ctx, input.target_invoice_id, true);
  if (inv.status !== 'UNPAID') throw notUnpaid();
  const card = await cardQ.findCard(ctx.db, inv.company_id, input.target_card_id);
  if (!card) throw new AppError(404, INVOICE_MESSAGES.selectCard, { target_card_id: INVOICE_MESSAGES.selectCard });
  const attempts = await q.failedInvoiceAttempts(ctx.db, inv.id);
  const key = `invoice:${inv.id}:${attempts + 1}`;
  const item = `Invoice #${inv.id}: ${inv.name}`;
  const now = ctx.clock.now();
  const pending = {
    company_id: inv.company_id,
    card_id: card.id,
    kind: 'charge' as const,
    item,
    charged_amount: inv.total_cost,
    idempotency_key: key,
    invoice_id: inv.id,
    created_at: now,
  };
  const claim = await chargeQ.claimKey(ctx.db, pending);
  if (!claim.created && claim.row.card_id !== card.id) {
    // The unanswered attempt was on another card: it must be settled on that card first.
    throw new AppError(409, 'An earlier payment of this invoice is still unanswered; try again with the same card');
  }
  let charged: Awaited<ReturnType<typeof chargeInvoice>>;
  try {
    charged = await chargeInvoice(ctx, inv, card, claim.row);
  } catch (err) {
    if (!(err instanceof GatewayTimeout)) throw err;
    ctx.afterCall(async (after) => {
      await chargeQ.claimKey(after.db, pending);
    });
    throw new AppError(504, GATEWAY_TIMEOUT);
  }
  const { approved, outcome } = charged;
  return {
    success: approved,
    message: approved ? 'Invoice paid' : `${INVOICE_MESSAGES.paymentFailed} ${outcome.response_text}`.trim(),
    response_text: outcome.response_text,
    invoice: invoiceOut({ ...charged.invoice, lines: inv.lines }),
  };
}

/**
 * Sends the invoice's charge with its claimed key and records the outcome: the invoice PAID with its receipt,
 * or the failed attempt. The caller holds the invoice's row lock and the key's. An approval for an invoice that
 * is no longer UNPAID (voided while its charge went unanswered; only the settling job meets one) is recorded
 * as the payment it was, and the company's history says it must be refunded.
 */
async function chargeInvoice(ctx: CallContext, inv: q.InvoiceWithLines, card: CardRow, claimed: chargeQ.CardTransactionRow) {
  const outcome: GatewayOutcome = await gatewayOf(ctx).charge({
    token: card.gateway_token,
    amount: inv.total_cost,
    idempotency_key: claimed.idempotency_key,
    reference: claimed.item,
  });
  const approved = outcome.status === 'approved';
  let invoice = inv as q.InvoiceRow;
  const paid =
    approved && inv.status === 'UNPAID' ? await q.settleUnpaid(ctx.db, inv.id, { status: 'PAID', paid_at: ctx.clock.now() }) : null;
  // The row lock is held since the start of the call: nobody can have moved it.
  if (approved && inv.status === 'UNPAID' && !paid) throw new Error(`invoice ${inv.id} left UNPAID under its lock`);
  if (paid) invoice = paid;
  await chargeQ.finishCardTransaction(ctx.db, claimed.id, {
    success: approved,
    gateway_transaction_id: outcome.transaction_id,
    response_text: outcome.response_text,
    request: redact(outcome.request),
    response: redact(outcome.response),
    completed_at: ctx.clock.now(),
  });
  const cardName = `${card.card_type} ending ${card.last4}`;
  if (approved && !paid) {
    await ctx.audit(
      inv.company_id,
      `Invoice #${inv.id} was ${inv.status} when its charge of ${formatCents(inv.total_cost)} by ${cardName} went through: refund it`,
    );
  } else if (approved) {
    await ctx.audit(inv.company_id, `Invoice #${inv.id} paid: ${formatCents(inv.total_cost)} by ${cardName}`);
    await notifications.sendPaymentReceiptMail(ctx, {
      companyId: inv.company_id,
      item: claimed.item,
      paidCents: inv.total_cost,
      creditCents: 0,
      card: cardName,
      reference: outcome.transaction_id ?? '',
    });
  } else {
    await ctx.audit(inv.company_id, `Invoice #${inv.id} payment by ${cardName} failed: ${outcome.response_text}`);
  }
  return { approved, outcome, invoice };
}

/**
 * Settles an invoice charge left pending by a gateway timeout that nobody retried (docs/decisions/0071): the
 * same charge sent again with its key. False when it still gets no answer, or someone is processing the invoice.
 */
export async function settlePendingCharge(ctx: CallContext, claimed: chargeQ.CardTransactionRow): Promise<boolean> {
  // The call takes the invoice's lock before the charge's; the job holds the charge's already, so it does not
  // wait for the invoice (that order could deadlock): an admin processing it now settles the charge anyway.
  const inv = claimed.invoice_id === null ? null : await q.findInvoice(ctx.db, claimed.invoice_id, 'skip-locked');
  const card = claimed.card_id === null ? null : await q.findCardAnyState(ctx.db, claimed.card_id);
  if (!inv || !card) return false;
  try {
    await chargeInvoice(ctx, inv, card, claimed);
    return true;
  } catch (err) {
    if (err instanceof GatewayTimeout) return false;
    throw err;
  }
}

/** The PDF of a custom invoice, for its own company and admins; anyone else is told it does not exist. */
export async function viewPdf(ctx: CallContext, input: { id: number }) {
  const inv = await q.findInvoice(ctx.db, input.id);
  if (!inv || (!isAdmin(ctx.actor) && inv.company_id !== ctx.actor.companyId)) throw notFound(INVOICE_MESSAGES.notFound);
  const company = await tenancy.requireCompany(ctx, { companyId: inv.company_id, mode: 'read' });
  return pdfAnswer(`invoice-${inv.id}.pdf`, await invoicePdf(company, inv));
}

export async function pageForCompany(ctx: CallContext, input: { target_id: number; page: number; page_size: number }) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const { rows, total } = await q.pageInvoices(ctx.db, company.id, input.page_size, (input.page - 1) * input.page_size);
  return { rows: rows.map(invoiceOut), total };
}

export async function newDialog(ctx: CallContext, input: { target_id: number }) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  return { company_id: company.id, company_name: company.company_name };
}

export async function processDialog(ctx: CallContext, input: { target_id: number }) {
  const inv = await requireInvoice(ctx, input.target_id, false);
  const company = await tenancy.requireCompany(ctx, { companyId: inv.company_id, mode: 'read' });
  const { rows } = await cardQ.pageCards(ctx.db, company.id, 100, 0);
  return { invoice: invoiceOut(inv), company_name: company.company_name, cards: rows.map(cardOut) };
}

/** An UNPAID invoice of one line, made without a caller (test and seed rows). */
export async function createInvoiceFor(db: CallContext['db'], now: Date, companyId: number, o: { name?: string; cost?: number } = {}) {
  const cost = o.cost ?? 5000;
  return q.insertInvoice(
    db,
    { company_id: companyId, name: o.name ?? 'Custom work', due_date: '2030-01-31', status: 'UNPAID', total_cost: cost, created_at: now },
    [{ item: o.name ?? 'Custom work', quantity: 1, cost }],
  );
}
