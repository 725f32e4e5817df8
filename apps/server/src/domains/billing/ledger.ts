import { PACK_ALREADY_EXPIRED } from '@portal/contract/billing/credit-packs';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import { restoreIfCredited } from './credit-state.ts';
import * as q from './queries/ledger.ts';

export type { PackRow } from './queries/ledger.ts';
type AnyContext = CallContext<Actor | null>;

const DAY_MS = 86_400_000;
/** Companies whose overdue packs one run of the expiry job handles, each batch in its own transaction. */
const EXPIRY_BATCH = 500;

export interface NewCredit {
  company_id: number;
  name: string;
  /** The credit, in cents (> 0). */
  amount: number;
  /** What was paid, in cents. */
  cost?: number;
  source: 'purchase' | 'admin' | 'promo' | 'refund' | 'invoice';
  /** Days until it expires; null or 0: never. */
  expiry_days?: number | null;
  /** Or an exact expiry (the demo world's history); wins over expiry_days. */
  expiry_date?: Date | null;
  /** Who added it, as the UI shows it. */
  added_by_user: string;
  is_oob_payment?: boolean;
  creates_billing_entry?: boolean;
  /** When it was bought; now unless given (the demo world's history). */
  purchase_date?: Date;
}

/** Whether a pack is expired as the spec says: past its expiry date, or fully used. */
export function isPackExpired(pack: q.PackRow, now: Date): boolean {
  return q.remainingOf(pack) <= 0 || (pack.expiry_date !== null && pack.expiry_date.getTime() <= now.getTime());
}

/**
 * Adds a credit pack: its credit row, then, if the company owes (a charge its packs could not pay), the new
 * pack pays that debt first. Takes the company's lock, then its account's (the order every call takes them in),
 * so it takes turns with charges, expiries and the lifecycle's sweeps; a company suspended for running out of
 * credit that this pack brings above zero is ACTIVE again when the payment commits (restoreIfCredited).
 */
export async function addCredit(ctx: CallContext, input: NewCredit): Promise<q.PackRow> {
  const { db } = ctx;
  const now = ctx.clock.now();
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError(400, 'A credit pack needs an amount above zero');
  // Whoever adds credit may change the company: its user paying, an admin's grant, a job's refund (decision 0100).
  await tenancy.requireChangeable(ctx, { companyId: input.company_id });
  // A job's check takes no lock (jobs lock first), so the company is locked here for every caller.
  const company = await tenancy.lockCompany({ db }, { companyId: input.company_id });
  await q.lockAccount(db, input.company_id, now);
  // Credit past its date never pays anything, so first take out what has expired by now.
  await q.expireDuePacks(db, q.ofCompany(input.company_id), now, now);
  const account = await q.findAccount(db, input.company_id);
  const purchase = input.purchase_date ?? now;
  const expiry =
    input.expiry_date !== undefined
      ? input.expiry_date
      : input.expiry_days
        ? new Date(purchase.getTime() + input.expiry_days * DAY_MS)
        : null;
  let pack = await q.insertPack(db, {
    company_id: input.company_id,
    name: input.name,
    amount: input.amount,
    cost: input.cost ?? 0,
    source: input.source,
    purchase_date: purchase,
    expiry_date: expiry,
    added_by_user: input.added_by_user,
    is_oob_payment: input.is_oob_payment ?? false,
    creates_billing_entry: input.creates_billing_entry ?? true,
  });
  const rows: q.NewLedgerRow[] = [
    {
      company_id: input.company_id,
      pack_id: pack.id,
      kind: input.source === 'refund' ? 'refund' : 'credit',
      amount: input.amount,
      created_at: now,
    },
  ];
  // A negative balance is debt (no pack holds credit then): settle it from this pack, as a pair of rows.
  const debt = Math.max(0, -(account?.balance ?? 0));
  const settled = Math.min(debt, input.amount);
  if (settled > 0) {
    rows.push(
      { company_id: input.company_id, pack_id: pack.id, kind: 'settle', amount: -settled, created_at: now },
      { company_id: input.company_id, pack_id: null, kind: 'settle', amount: settled, created_at: now },
    );
  }
  await q.insertLedgerRows(db, rows);
  if (settled > 0) pack = await q.updatePack(db, pack.id, { used: settled });
  await q.addToBalance(db, input.company_id, input.amount, { low_balance_mailed_at: null });
  if (company) await restoreIfCredited(ctx, company);
  return pack;
}

/**
 * Expires a pack now: what is left leaves the balance through an expire row, and the pack's expiry becomes
 * now so it shows as expired. Refused for a pack that is already expired (past its date, or fully used).
 */
export async function expireCreditPack(ctx: AnyContext, packId: number): Promise<q.PackRow> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const seen = await q.findPack(db, packId);
  if (!seen) throw notFound('Credit pack not found');
  await q.lockAccount(db, seen.company_id, now);
  const pack = await q.findPack(db, packId);
  if (!pack || isPackExpired(pack, now)) throw new AppError(400, PACK_ALREADY_EXPIRED);
  const left = q.remainingOf(pack);
  await q.insertLedgerRows(db, [{ company_id: pack.company_id, pack_id: pack.id, kind: 'expire', amount: -left, created_at: now }]);
  await q.addToBalance(db, pack.company_id, -left);
  return q.updatePack(db, pack.id, { expired: left, expiredAt: now, expiryDate: now });
}

/** The company's balance in cents (0 before its first credit or charge). */
export async function balanceOf(ctx: AnyContext, companyId: number): Promise<number> {
  return (await q.findAccount(ctx.db, companyId))?.balance ?? 0;
}

/** Scheduled: packs past their expiry give up what they hold, a batch of companies per transaction. */
export async function expireDuePacksJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const ids = await q.lockCompaniesWithDuePacks(ctx.db, now, EXPIRY_BATCH);
  if (!ids.length) return 0;
  return q.expireDuePacks(ctx.db, q.ofCompanies(ids), now, now);
}

/** The ledger's differences from what is derived from it; empty when the books agree (npm run ledger:verify). */
export function verifyLedger(ctx: Pick<AnyContext, 'db'>, limit?: number) {
  return q.ledgerMismatches(ctx.db, limit);
}
