/**
 * Payments' public functions (rank 8): what the routes, the jobs and higher ranks use.
 */
export { create as createPromoCode, redeemPromoCode } from './promo-codes.ts';
export { findOption as findTopupOption, optionView as topupOptionView } from './topup-options.ts';
export { installCardGateway } from './gateway/install.ts';
export { insertCard as insertSavedCard } from './queries/cards.ts';
export { insertCardTransaction } from './queries/charges.ts';
export { create as createInvoice, createInvoiceFor } from './invoices.ts';
export { autoTopupJob } from './auto-topup.ts';
export { settleAbandonedChargesJob } from './abandoned-charges.ts';
