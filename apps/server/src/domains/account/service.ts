import type { CallContext } from '../../platform/context.ts';
import * as settings from './settings.ts';

/**
 * The account domain's functions for higher ranks: payments composes complete signup with crediting
 * its promo code (docs/decisions/0023).
 */
export const setupAccount = (ctx: CallContext, input: settings.SetupInput): Promise<null> => settings.setupAccount(ctx, input);
