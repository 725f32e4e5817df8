import { AppError } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/context.ts';
import * as tenancy from '../tenancy/service.ts';
import { chargeCard } from './charges.ts';
import { settlePendingCharge } from './invoices.ts';
import { cardById } from './queries/auto-topup.ts';
import * as q from './queries/charges.ts';

/**
 * How long a pay-once or invoice charge may stay pending before the job asks the gateway about it: past the
 * issuer's challenge window (30 minutes) and any retry the page makes on its own.
 */
export const ABANDONED_CHARGE_MS = 60 * 60_000;
/** Charges settled per transaction; the scheduler runs the job again while it finds more. */
const BATCH = 20;

/**
 * Scheduled (docs/decisions/0071): a pay-once charge left pending because its page never came back (the tab
 * closed during the 3-D Secure challenge, or after a gateway timeout), or an invoice charge whose timeout nobody
 * retried, is settled as the page would have settled it: the same charge sent again with its key, so the gateway
 * answers its outcome. Approved, what the call writes is written, once (the credit pack or the invoice PAID, the
 * receipt, the audit line); declined or expired, the failed transaction. One that still gets no answer is asked
 * about again an hour later. Answers how many it asked about.
 */
export async function settleAbandonedChargesJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - ABANDONED_CHARGE_MS);
  let asked = 0;
  for (const due of await q.abandonedCharges(ctx.db, before, BATCH)) {
    // A top-up credits the company, which takes the company's lock before the charge's as the page's call does.
    if (due.invoice_id === null) await tenancy.lockCompany(ctx, { companyId: due.company_id });
    const row = await q.claimAbandonedCharge(ctx.db, due.id, before, now);
    if (!row) continue;
    asked++;
    if (row.invoice_id !== null) {
      if (!(await settlePendingCharge(ctx, row)))
        ctx.log.warn({ card_transaction_id: row.id }, 'a pending invoice charge is still unsettled');
      continue;
    }
    const card = row.card_id === null ? null : await cardById(ctx.db, row.company_id, row.card_id);
    const option = row.topup_option_id === null ? null : await q.topupOptionOfCharge(ctx.db, row.topup_option_id);
    if (!card || !option) {
      ctx.log.warn({ card_transaction_id: row.id }, 'a pending charge cannot be settled: its card or top-up option is gone');
      continue;
    }
    try {
      await chargeCard(ctx, {
        company_id: row.company_id,
        card,
        option,
        idempotency_key: row.idempotency_key,
        by: 'Payment check',
        // As the page sends it, so that an expired challenge is declined by the gateway rather than left open.
        challenge_origin: new URL(ctx.config.PUBLIC_URL).origin,
      });
    } catch (err) {
      // Still no answer (504), or the option's price changed since (409): asked about again later.
      if (!(err instanceof AppError && (err.code === 504 || err.code === 409))) throw err;
      ctx.log.warn({ card_transaction_id: row.id, code: err.code }, 'a pending charge is still unsettled');
    }
  }
  return asked;
}
