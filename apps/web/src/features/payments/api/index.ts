import { getAccountSettings, setAccountSettings } from '@portal/contract/account/account-settings';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listCreditPacks } from '@portal/contract/billing/credit-packs';
import { balanceHistory, creditSummary } from '@portal/contract/billing/summary';
import { getSuspension } from '@portal/contract/companies/company-suspension';
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
  createInvoice,
  newCustomInvoiceDialog,
  previewInvoice,
  processCustomInvoiceDialog,
  processInvoice,
  voidInvoice,
} from '@portal/contract/payments/invoices';
import { adminCompanySavedCards, adminCompanyTransactions, listTransactions } from '@portal/contract/payments/transactions';
import {
  adminCreatePromoCode,
  adminDeletePromoCode,
  adminEditPromoCode,
  adminListPromoCodes,
  redeemPromoCode,
} from '@portal/contract/payments/promo-codes';
import { adminDeleteTopupOption, adminEditTopupOption, adminListTopupOptions, listTopups } from '@portal/contract/payments/topup-options';
import { callSource } from '../../../components/data-table/list-source';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const topupOptionsQuery = defineQuery(adminListTopupOptions);
export const customerTopupsQuery = defineQuery(listTopups);
const OPTION_VIEWS = { invalidates: [adminListTopupOptions, listTopups] };
export const useEditTopupOption = defineMutation(adminEditTopupOption, OPTION_VIEWS);
export const useDeleteTopupOption = defineMutation(adminDeleteTopupOption, OPTION_VIEWS);

export const promoCodesSource = () => callSource(adminListPromoCodes);
const PROMO_VIEWS = { invalidates: [adminListPromoCodes] };
export const useCreatePromoCode = defineMutation(adminCreatePromoCode, PROMO_VIEWS);
export const useEditPromoCode = defineMutation(adminEditPromoCode, PROMO_VIEWS);
export const useDeletePromoCode = defineMutation(adminDeletePromoCode, PROMO_VIEWS);

// Saved cards. has_saved_card in the auth context follows the list (it enables Pay once on /topup).
const CARD_VIEWS = { invalidates: [listPaymentMethods, getAuthContext] };
export const cardsSource = () => callSource(listPaymentMethods);
/** Every card for the Pay once select: a company has a handful, never more than one large page. */
export const allCardsQuery = defineQuery(listPaymentMethods);
export const useAuthorizeCard = defineMutation(authorizePaymentMethod);
export const useCompleteCard = defineMutation(completePaymentMethod, CARD_VIEWS);
export const useSetDefaultCard = defineMutation(setDefaultPaymentMethod, CARD_VIEWS);
export const useDeleteCard = defineMutation(deletePaymentMethod, CARD_VIEWS);

/** The billing details the card authorization reads: the company's account settings. */
export const billingDetailsQuery = defineQuery(getAccountSettings);
export const useSaveBillingDetails = defineMutation(setAccountSettings, { invalidates: [getAccountSettings, getAuthContext] });

/** Credit moves the balance everywhere it is shown, and may lift a suspension (the auth context's state and its reason). */
const CREDIT_VIEWS = { invalidates: [creditSummary, balanceHistory, listCreditPacks, getAuthContext, getSuspension, listPaymentMethods] };
export const useChargeCard = defineMutation(chargePaymentMethod, CREDIT_VIEWS);
export const useRedeemPromoCode = defineMutation(redeemPromoCode, CREDIT_VIEWS);

/** /auto_payment: its data, and saving it (the page action auto_payment_configure). */
export const autoPaymentQuery = defineQuery(autoPaymentPage);
export const useConfigureAutoPayment = defineMutation(autoPaymentConfigure, { invalidates: [autoPaymentPage] });

// The bill and custom invoices (decision 0029). PDFs open through their calls' GET form (pdfLinks.ts).
export const transactionsSource = () => callSource(listTransactions);
export const adminTransactionsSource = (companyId: number, cardId: number | null) =>
  callSource(adminCompanyTransactions, { target_id: companyId, target_card_id: cardId });
export const adminSavedCardsSource = (companyId: number) => callSource(adminCompanySavedCards, { target_id: companyId });
export const adminSavedCardsQuery = defineQuery(adminCompanySavedCards);
export const adminInvoicesSource = (companyId: number) => callSource(adminCompanyInvoices, { target_id: companyId });
export const newInvoiceDialogQuery = defineQuery(newCustomInvoiceDialog);
export const processInvoiceDialogQuery = defineQuery(processCustomInvoiceDialog);
const INVOICE_VIEWS = { invalidates: [adminCompanyInvoices, processCustomInvoiceDialog, adminCompanyTransactions, listTransactions] };
export const usePreviewInvoice = defineMutation(previewInvoice);
export const useCreateInvoice = defineMutation(createInvoice, INVOICE_VIEWS);
export const useProcessInvoice = defineMutation(processInvoice, INVOICE_VIEWS);
export const useVoidInvoice = defineMutation(voidInvoice, INVOICE_VIEWS);
