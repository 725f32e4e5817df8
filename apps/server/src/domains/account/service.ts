/**
 * The account domain's functions for higher ranks: payments composes complete signup with crediting
 * its promo code (docs/decisions/0023).
 */
export { setupAccount } from './settings.ts';
