import { MINIMUM_TOPUP_CENTS, NEW_TOPUP_OPTION_ID, TOPUP_OPTION_MESSAGES, type TopupOption } from '@portal/contract/payments/topup-options';
import { formatCents } from '@portal/contract/shared/money';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries/topups.ts';

export function optionView(o: q.TopupOptionRow): TopupOption {
  return {
    id: o.id,
    name: o.name,
    cost: o.cost,
    amount: o.amount,
    expiry_length_days: o.expiry_length_days,
    is_user_visible: o.is_user_visible,
    is_default: o.is_default,
  };
}

export async function adminList(ctx: CallContext) {
  const rows = await q.listOptions(ctx.db, { visibleOnly: false });
  return { options: rows.map(optionView) };
}

/** What a customer may buy, for the company the caller may see; the page applies the minimum (spec-2 §5). */
export async function listForCustomer(ctx: CallContext, input: { target_company_id?: number | undefined }) {
  await tenancy.requireCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'read' });
  const rows = await q.listOptions(ctx.db, { visibleOnly: true });
  return { options: rows.map(optionView), minimum_topup: MINIMUM_TOPUP_CENTS };
}

/** The option by id, for the charge and automatic top-up: null when deleted or unknown. */
export async function findOption(ctx: Pick<CallContext, 'db'>, id: number): Promise<q.TopupOptionRow | null> {
  return q.lockOption(ctx.db, id);
}

export async function edit(ctx: CallContext, input: { id: number } & q.TopupOptionFields): Promise<TopupOption> {
  const { id, ...fields } = input;
  const now = ctx.clock.now();
  if (fields.is_default) await q.lockDefaultChanges(ctx.db);
  let row: q.TopupOptionRow;
  if (id === NEW_TOPUP_OPTION_ID) {
    if (fields.is_default) await q.clearDefault(ctx.db, null, now);
    row = await q.insertOption(ctx.db, fields, now);
  } else {
    const found = await q.lockOption(ctx.db, id);
    if (!found) throw notFound(TOPUP_OPTION_MESSAGES.notFound);
    if (fields.is_default) await q.clearDefault(ctx.db, id, now);
    row = await q.updateOption(ctx.db, id, fields, now);
  }
  ctx.log.info(
    { topup_option_id: row.id },
    `top-up option ${id === NEW_TOPUP_OPTION_ID ? 'created' : 'changed'}: ${row.name}, ${formatCents(row.amount)} for ${formatCents(row.cost)}`,
  );
  return optionView(row);
}

export async function remove(ctx: CallContext, input: { topup_option_id: number }): Promise<null> {
  const found = await q.lockOption(ctx.db, input.topup_option_id);
  if (!found) throw notFound(TOPUP_OPTION_MESSAGES.notFound);
  // Deleting it would stop those companies' automatic top-ups without their knowing.
  if ((await q.countAutoTopupUsers(ctx.db, found.id)) > 0) throw new AppError(400, TOPUP_OPTION_MESSAGES.inUse);
  await q.updateOption(ctx.db, found.id, { deleted_at: ctx.clock.now(), is_default: false }, ctx.clock.now());
  return null;
}
