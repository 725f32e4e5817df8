import { formatCents } from '@portal/contract/shared/money';
import type { CallContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import { findPack, pagePacksOf } from './queries/reads.ts';
import { adminPackView } from './reads.ts';
import { addCredit, balanceOf, expireCreditPack } from './ledger.ts';

const PACK_NOT_FOUND = 'Credit pack not found';
export async function listPacks(ctx: CallContext, input: { page: number; page_size: number; target_company_ids: number[] }) {
  const ids = [...new Set(input.target_company_ids)];
  const now = ctx.clock.now();
  const page = await pagePacksOf(ctx.db, ids, input.page_size, (input.page - 1) * input.page_size);
  const [only] = ids;
  // One company is the Manage Credit tab: its balance sits above the packs, so an admin sees it move.
  const balance =
    ids.length === 1 && only !== undefined && (await tenancy.findCompany(ctx, { companyId: only })) ? await balanceOf(ctx, only) : null;
  return { rows: page.rows.map((p) => adminPackView(p, now)), total: page.total, balance };
}

/** An admin adds credit (the Manage Credit form): one pack and its ledger row, through the ledger. */
export async function createPack(
  ctx: CallContext,
  input: {
    target_id: number;
    target_name: string;
    target_cost: number;
    target_amount: number;
    target_expiry_days: number | null;
    target_create_billing_entry: boolean;
    target_is_oob_payment: boolean;
  },
) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_id, mode: 'write' });
  const days = input.target_expiry_days;
  const pack = await addCredit(ctx, {
    company_id: company.id,
    name: input.target_name,
    amount: input.target_amount,
    cost: input.target_cost,
    source: 'admin',
    expiry_days: days,
    added_by_user: ctx.actor.label,
    is_oob_payment: input.target_is_oob_payment,
    creates_billing_entry: input.target_create_billing_entry,
  });
  await ctx.audit(
    company.id,
    `Credit pack '${pack.name}' added: ${formatCents(pack.amount)} for ${formatCents(pack.cost)}${days ? `, expires in ${days} days` : ''}`,
  );
  return adminPackView(pack, ctx.clock.now());
}

/**
 * Expires a pack now. The ledger takes the company's account lock and refuses a pack already expired
 * (PACK_ALREADY_EXPIRED), so of two admins expiring the same pack one wins and the other is told so.
 */
export async function expirePack(ctx: CallContext, input: { target_credit_pack_id: number }) {
  const found = await findPack(ctx.db, input.target_credit_pack_id);
  if (!found) throw notFound(PACK_NOT_FOUND);
  await tenancy.requireCompany(ctx, { companyId: found.company_id, mode: 'write' });
  const pack = await expireCreditPack(ctx, found.id);
  await ctx.audit(pack.company_id, `Credit pack '${pack.name}' expired: ${formatCents(pack.amount_expired)} left the balance`);
  return adminPackView(pack, ctx.clock.now());
}
