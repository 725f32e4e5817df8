/**
 * Payments' API for other domains (rank 8): admin tools raise an invoice on a ticket through it. The app's wiring
 * (the card gateway) is in wiring.ts and the scheduled jobs in jobs.ts.
 */
import type { CallContext } from '../../platform/context.ts';
import * as invoices from './invoices.ts';

export type { InvoiceDraft } from './invoices.ts';

/** Raises a custom invoice for a company, as the admin's create_invoice call does. */
export function createInvoice(ctx: CallContext, input: invoices.InvoiceDraft) {
  return invoices.create(ctx, input);
}
