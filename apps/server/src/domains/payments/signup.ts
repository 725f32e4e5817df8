import type { setupAccount } from '@portal/contract/account/account-settings';
import type { CallData } from '@portal/contract/shared/define-call';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, notLoggedIn } from '../../platform/errors.ts';
import * as account from '../account/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { redeemPromoCode } from './promo-codes.ts';

/**
 * Complete signup, with its promo code credited in the same transaction (docs/decisions/0023). The
 * account domain stores the details and the code; crediting needs payments, a higher rank, so the call
 * is composed here. A code that does not credit (unknown, not started, expired, used) refuses the whole
 * signup with the reason under the Promo Code field, so the customer can correct it or leave it empty.
 */
export async function completeSignup(ctx: CallContext, input: CallData<typeof setupAccount>): Promise<null> {
  const before = await tenancy.findCompany(ctx, { companyId: ctx.actor.companyId });
  if (!before) throw notLoggedIn();
  await account.setupAccount(ctx, input);
  const code = input.user_promo_code;
  // Only a code stored now is credited: saving the same details again does not redeem it twice.
  if (!code || before.signup_promo_code) return null;
  try {
    await redeemPromoCode(ctx, before.id, code);
  } catch (e) {
    if (e instanceof AppError && e.code === 400) throw badInput({ user_promo_code: e.message }, e.message);
    throw e;
  }
  return null;
}
