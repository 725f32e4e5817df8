import { createRoute } from '@tanstack/react-router';
import { invoiceHref } from '../../features/payments/lib/pdf-links';
import { signedInRoute } from './signed-in';

/** The invoice id of `view_custom_invoice?id=`, or null for anything that is not one. */
export function invoiceIdOf(search: Record<string, unknown>): number | null {
  const id = Number(search.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * view_custom_invoice?id= (spec-1 §2): the invoice's PDF, in the tab this opened. The server answers the
 * file for the invoice's company and admins, and "Invoice not found" to anyone else.
 */
export const viewCustomInvoiceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/view_custom_invoice',
  validateSearch: (search: Record<string, unknown>) => ({ id: invoiceIdOf(search) }),
  beforeLoad: ({ search }) => {
    if (search.id !== null) window.location.replace(invoiceHref(search.id));
  },
});
