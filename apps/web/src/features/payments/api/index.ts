import { adminCreatePromoCode, adminDeletePromoCode, adminEditPromoCode, adminListPromoCodes } from '@portal/contract/payments/promo-codes';
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
