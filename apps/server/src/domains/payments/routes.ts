import { setupAccount } from '@portal/contract/account/account-settings';
import {
  adminCreatePromoCode,
  adminDeletePromoCode,
  adminEditPromoCode,
  adminListPromoCodes,
  redeemPromoCode,
} from '@portal/contract/payments/promo-codes';
import { adminDeleteTopupOption, adminEditTopupOption, adminListTopupOptions, listTopups } from '@portal/contract/payments/topup-options';
import {
  authorizePaymentMethod,
  completePaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from '@portal/contract/payments/cards';
import { autoPaymentConfigure, autoPaymentPage } from '@portal/contract/payments/auto-payment';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import {
  adminCompanyInvoices,
  newCustomInvoiceDialog,
  previewInvoice,
  processCustomInvoiceDialog,
  processInvoice,
  viewCustomInvoice,
  voidInvoice,
} from '@portal/contract/payments/invoices';
import {
  adminCompanySavedCards,
  adminCompanyTransactions,
  downloadInvoice,
  listTransactions,
} from '@portal/contract/payments/transactions';
import { handle } from '../../platform/handle.ts';
import * as invoices from './invoices.ts';
import * as transactions from './transactions.ts';
import * as autoTopup from './auto-topup.ts';
import * as cards from './cards.ts';
import * as charges from './charges.ts';
import * as promos from './promo-codes.ts';
import * as signup from './signup.ts';
import * as topups from './topup-options.ts';

export const paymentHandlers = [
  handle(listPaymentMethods, (input, ctx) => cards.listCards(ctx, input), { readOnly: true }),
  handle(authorizePaymentMethod, (_input, ctx) => cards.authorize(ctx)),
  handle(completePaymentMethod, (input, ctx) => cards.complete(ctx, input)),
  handle(setDefaultPaymentMethod, (input, ctx) => cards.setDefault(ctx, input)),
  handle(deletePaymentMethod, (input, ctx) => cards.deleteCard(ctx, input)),
  handle(chargePaymentMethod, (input, ctx) => charges.chargeOnce(ctx, input)),
  handle(autoPaymentPage, (_input, ctx) => autoTopup.page(ctx), { readOnly: true }),
  handle(autoPaymentConfigure, (input, ctx) => autoTopup.configure(ctx, input)),
  handle(adminListTopupOptions, (_input, ctx) => topups.adminList(ctx), { readOnly: true }),
  handle(adminEditTopupOption, (input, ctx) => topups.edit(ctx, input)),
  handle(adminDeleteTopupOption, (input, ctx) => topups.remove(ctx, input)),
  handle(listTopups, (input, ctx) => topups.listForCustomer(ctx, input), { readOnly: true }),
  handle(adminListPromoCodes, (input, ctx) => promos.list(ctx, input), { readOnly: true }),
  handle(adminCreatePromoCode, (input, ctx) => promos.create(ctx, input)),
  handle(adminEditPromoCode, (input, ctx) => promos.edit(ctx, input)),
  handle(adminDeletePromoCode, (input, ctx) => promos.remove(ctx, input)),
  handle(redeemPromoCode, (input, ctx) => promos.redeemForCaller(ctx, input)),
  // Complete signup lives here, not in account, so its promo code is credited in the same call (decision 0023).
  handle(listTransactions, (input, ctx) => transactions.listForCaller(ctx, input), { readOnly: true }),
  handle(downloadInvoice, (input, ctx) => transactions.downloadPdf(ctx, input), { readOnly: true }),
  handle(adminCompanyTransactions, (input, ctx) => transactions.listForAdmin(ctx, input), { readOnly: true }),
  handle(adminCompanySavedCards, (input, ctx) => transactions.savedCardsForAdmin(ctx, input), { readOnly: true }),
  handle(previewInvoice, (input, ctx) => invoices.preview(ctx, input), { readOnly: true }),
  handle(processInvoice, (input, ctx) => invoices.process(ctx, input)),
  handle(voidInvoice, (input, ctx) => invoices.voidInvoice(ctx, input)),
  handle(viewCustomInvoice, (input, ctx) => invoices.viewPdf(ctx, input), { readOnly: true }),
  handle(adminCompanyInvoices, (input, ctx) => invoices.pageForCompany(ctx, input), { readOnly: true }),
  handle(newCustomInvoiceDialog, (input, ctx) => invoices.newDialog(ctx, input), { readOnly: true }),
  handle(processCustomInvoiceDialog, (input, ctx) => invoices.processDialog(ctx, input), { readOnly: true }),
  handle(setupAccount, (input, ctx) => signup.completeSignup(ctx, input)),
];
