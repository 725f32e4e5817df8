/**
 * Create custom invoice, with its ticket (spec-1 §2, §7; docs/decisions/0045). Payments and tickets share a
 * rank, so neither calls the other: this rank-9 composition saves the invoice through payments and, when
 * target_ticket_search_id names a ticket of the invoice's company, posts the body and a link to the invoice
 * there through tickets, in the call's one transaction (a refused post saves no invoice).
 */
import type { CallData } from '@portal/contract/shared/define-call';
import type { createInvoice } from '@portal/contract/payments/invoices';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as payments from '../payments/service.ts';
import * as tickets from '../tickets/service.ts';

const DEFAULT_BODY = 'An invoice has been added to this ticket.';
const VIEW_CUSTOM_INVOICE_PAGE = '/view_custom_invoice';

export async function createInvoiceOnTicket(ctx: CallContext, input: CallData<typeof createInvoice>) {
  const searchId = input.target_ticket_search_id?.trim() || null;
  if (searchId === null) return payments.createInvoice(ctx, { ...input, target_ticket_search_id: null });
  const ticketId = tickets.ticketIdOf(ctx, { searchId });
  if (ticketId === null) throw badInput({ target_ticket_search_id: TICKET_MESSAGES.notFound });
  const invoice = await payments.createInvoice(ctx, { ...input, target_ticket_search_id: String(ticketId) });
  const body = input.target_ticket_body?.trim() || DEFAULT_BODY;
  // The portal's page view_custom_invoice?id= (spec-1 §2): it signs the reader in first, then opens the PDF.
  const link = `[View invoice #${invoice.id}](${VIEW_CUSTOM_INVOICE_PAGE}?id=${invoice.id})`;
  try {
    await tickets.postTicketComment(ctx, { ticket_id: ticketId, company_id: invoice.company_id, body: `${body}\n\n${link}` });
  } catch (e) {
    // The ticket is named by a field of the form: its refusal belongs there.
    if (e instanceof AppError && (e.code === 404 || e.code === 409)) throw badInput({ target_ticket_search_id: e.message });
    throw e;
  }
  return invoice;
}
