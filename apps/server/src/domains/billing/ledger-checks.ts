import type { CallContext } from '../../platform/context.ts';
import type { LedgerMismatch } from './queries/ledger.ts';
import * as q from './queries/ledger-checks.ts';

/** Mismatches named in one alert; the rest are counted (npm run ledger:verify lists them all). */
const NAMED_IN_ALERT = 10;

/** Told of the mismatches a check found, in the check's transaction (jobs.ts raises the P1 alert). */
export type OnLedgerMismatch = (ctx: CallContext, problem: string) => Promise<unknown>;

/**
 * Scheduled: the incremental ledger check, after every charging day (decision 0092). A run does one of two
 * steps, each in its own transaction, and the scheduler repeats it while it makes progress:
 * - once a charging day has completed that no check covers yet, it takes the horizon (the highest ledger and
 *   usage ids, once every transaction writing them has ended) and opens a check from the last watermark to it;
 * - with a check open, it checks the rows of that window and what they touch, closes the check (its upper
 *   ends are the new watermark) and tells `onMismatch` of any difference.
 * Answers 1 when it did a step, 0 when nothing was due or another runner took the step first.
 */
export async function ledgerCheckJob(ctx: CallContext, onMismatch: OnLedgerMismatch): Promise<number> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const open = await q.takeOpenCheck(db);
  if (open === 'busy') return 0;
  if (open) {
    const found = await q.windowMismatches(
      db,
      { ledgerFrom: open.ledger_from, ledgerTo: open.ledger_to, usageFrom: open.usage_from, usageTo: open.usage_to },
      NAMED_IN_ALERT + 1,
    );
    await q.closeCheck(db, open.id, now, found.length);
    if (found.length) await onMismatch(ctx, alertText(open, found));
    return 1;
  }
  const day = await q.lastCompletedDay(db);
  const last = await q.lastCheck(db);
  if (day === null || (last && last.through_day >= day)) return 0;
  const horizon = await q.settledHorizon(db);
  const opened = await q.openCheck(db, {
    through_day: day,
    ledger_from: last?.ledger_to ?? 0,
    ledger_to: Math.max(horizon.ledger, last?.ledger_to ?? 0),
    usage_from: last?.usage_to ?? 0,
    usage_to: Math.max(horizon.usage, last?.usage_to ?? 0),
    taken_at: now,
  });
  return opened ? 1 : 0;
}

function alertText(check: q.LedgerCheckRow, found: LedgerMismatch[]): string {
  const named = found
    .slice(0, NAMED_IN_ALERT)
    .map((m) => `${m.what} #${m.id} (company ${m.company_id}): expected ${m.expected}, found ${m.found}`);
  const more = found.length > NAMED_IN_ALERT ? ['and more: run npm run ledger:verify for the whole list'] : [];
  return [
    `The billing ledger disagrees with itself after the charging day ${check.through_day}`,
    `(ledger rows ${check.ledger_from + 1}-${check.ledger_to}, usage rows ${check.usage_from + 1}-${check.usage_to}):`,
    ...named,
    ...more,
  ].join('\n');
}
