import { isClosed } from '@portal/contract/shared/company-states';
import { LICENCE_MESSAGES, type SerialLog } from '@portal/contract/servers/licences';
import { LOCK_ON_FIRST_USE, UNLOCKED } from '@portal/contract/servers/payload';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';
import { newSerial } from './serial.ts';

/** How a licence names itself to billing: one running serial service per live licence. */
export const OWNER_KIND = 'server_licence';
const ownerOf = (l: q.LicenceRow) => ({ owner_kind: OWNER_KIND, owner_id: String(l.id) });
/** Draws before giving up; a collision of 125 random bits means something is wrong with the source. */
const SERIAL_TRIES = 5;

type Ctx = CallContext<Actor>;

/** The caller's licence, locked; another company's answers as a missing one. */
async function ownLicence(ctx: Ctx, serial: string): Promise<q.LicenceRow> {
  const licence = await q.lockLicence(ctx.db, serial);
  if (!licence) throw notFound(LICENCE_MESSAGES.notFound);
  try {
    await tenancy.requireCompany(ctx, { companyId: licence.company_id, mode: 'write' });
  } catch (e) {
    if (e instanceof AppError && e.code === 403) throw e;
    throw notFound(LICENCE_MESSAGES.notFound);
  }
  return licence;
}

async function liveLicence(ctx: Ctx, serial: string): Promise<q.LicenceRow> {
  const licence = await ownLicence(ctx, serial);
  if (licence.archived_at) throw new AppError(400, LICENCE_MESSAGES.archived);
  return licence;
}

/** The plan's limit on live licences. The caller holds the company row ('write'), so two changes count in turn. */
async function requireRoomForLicence(ctx: Ctx, company: tenancy.CompanyRow) {
  const plan = (await billing.listPlans(ctx)).find((p) => p.id === company.plan_id);
  const limit = plan?.default_serial_limit ?? null;
  if (limit !== null && (await q.countLiveLicences(ctx.db, company.id)) >= limit) throw new AppError(400, LICENCE_MESSAGES.limit(limit));
}

function startBilling(ctx: Ctx, companyId: number, licence: q.LicenceRow) {
  return billing.startService(ctx, {
    company_id: companyId,
    kind: 'serial',
    ...ownerOf(licence),
    details: `Self-hosted licence ${licence.serial_number}${licence.name ? ` (${licence.name})` : ''}`,
    serial_count: 1,
  });
}

/** `unchecked`: the test factories' licences, made whatever the plan and state. */
export async function createLicence(ctx: Ctx, input: { target_name?: string | undefined }, o: { unchecked?: boolean } = {}) {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  if (!o.unchecked) {
    if (isClosed(company)) throw new AppError(400, LICENCE_MESSAGES.companyDeleted);
    await requireRoomForLicence(ctx, company);
  }
  const now = ctx.clock.now();
  const name = input.target_name?.trim() ?? '';
  for (let i = 0; i < SERIAL_TRIES; i++) {
    const made = await q.insertLicence(ctx.db, { company_id: company.id, serial_number: newSerial(), name, created_at: now });
    if (!made) continue;
    await startBilling(ctx, company.id, made);
    await ctx.audit(company.id, `Licence ${made.serial_number} created`);
    return { serial_number: made.serial_number, message: 'Your licence has been generated' };
  }
  throw new AppError(500, LICENCE_MESSAGES.generation);
}

export async function setName(ctx: Ctx, input: { target_serial: string; target_name: string }) {
  const licence = await ownLicence(ctx, input.target_serial);
  await q.updateLicence(ctx.db, licence.id, { name: input.target_name.trim() });
  return null;
}

export async function setFavourite(ctx: Ctx, input: { target_serial: string; target_state: boolean }) {
  const licence = await ownLicence(ctx, input.target_serial);
  await q.updateLicence(ctx.db, licence.id, { favourited: input.target_state });
  return null;
}

/** Frees the binding: a locked licence goes back to 'ANY' and binds to the next server that checks in. */
export async function relax(ctx: Ctx, input: { serial: string }) {
  const licence = await liveLicence(ctx, input.serial);
  const allowed = licence.allowed_ip_address === UNLOCKED ? UNLOCKED : LOCK_ON_FIRST_USE;
  await q.updateLicence(ctx.db, licence.id, { allowed_ip_address: allowed, allowed_machine_id: '' });
  await ctx.audit(licence.company_id, `Licence ${licence.serial_number} relaxed`);
  return null;
}

export async function setLockState(ctx: Ctx, input: { target_serial: string; target_lock_state: boolean }) {
  const licence = await liveLicence(ctx, input.target_serial);
  const locked = licence.allowed_ip_address !== UNLOCKED;
  if (input.target_lock_state === locked) return null;
  await q.updateLicence(
    ctx.db,
    licence.id,
    input.target_lock_state
      ? { allowed_ip_address: LOCK_ON_FIRST_USE, allowed_machine_id: '' }
      : { allowed_ip_address: UNLOCKED, allowed_machine_id: '' },
  );
  await ctx.audit(licence.company_id, `Licence ${licence.serial_number} ${input.target_lock_state ? 'locked' : 'unlocked'}`);
  return null;
}

/** Archived or deleted: the licence stops working and its service stops billing, in this transaction. */
async function retire(ctx: Ctx, licence: q.LicenceRow, change: 'archived_at' | 'deleted_at') {
  const now = ctx.clock.now();
  await q.updateLicence(ctx.db, licence.id, { [change]: now, enabled: change === 'archived_at' ? false : licence.enabled });
  await billing.stopService(ctx, ownerOf(licence));
}

export async function archive(ctx: Ctx, input: { serial: string; target_company_id?: number | undefined }) {
  // The company dialog names the company too; the licence must be one of its.
  const licence = await ownLicence(ctx, input.serial);
  if (input.target_company_id !== undefined && licence.company_id !== input.target_company_id) throw notFound(LICENCE_MESSAGES.notFound);
  const company = await tenancy.requireCompany(ctx, { companyId: licence.company_id, mode: 'write' });
  if (company.current_state === 'DELETED' || isClosed(company)) throw new AppError(400, LICENCE_MESSAGES.companyDeleted);
  if (licence.archived_at) return null;
  await retire(ctx, licence, 'archived_at');
  await ctx.audit(licence.company_id, `Licence ${licence.serial_number} archived`);
  return null;
}

/** Undoes an archive: the licence works and bills again, so it must fit the plan's limit as a new one would. */
export async function unarchive(ctx: Ctx, input: { serial: string }) {
  const licence = await ownLicence(ctx, input.serial);
  const company = await tenancy.requireCompany(ctx, { companyId: licence.company_id, mode: 'write' });
  if (isClosed(company)) throw new AppError(400, LICENCE_MESSAGES.companyDeleted);
  if (!licence.archived_at) throw new AppError(400, LICENCE_MESSAGES.notArchived);
  await requireRoomForLicence(ctx, company);
  await q.updateLicence(ctx.db, licence.id, { archived_at: null, enabled: true });
  await startBilling(ctx, company.id, licence);
  await ctx.audit(licence.company_id, `Licence ${licence.serial_number} restored from the archive`);
  return null;
}

export async function remove(ctx: Ctx, input: { target_serial: string; target_confirm_name: string }) {
  const licence = await ownLicence(ctx, input.target_serial);
  const expected = licence.name || licence.serial_number;
  if (input.target_confirm_name.trim() !== expected) throw badInput({ target_confirm_name: LICENCE_MESSAGES.confirmName });
  await retire(ctx, licence, 'deleted_at');
  await ctx.audit(licence.company_id, `Licence ${licence.serial_number} deleted`);
  return null;
}

export async function serialLogs(ctx: Ctx, input: { serial: string }): Promise<{ serial_number: string; logs: SerialLog[] }> {
  const licence = await q.findLicence(ctx.db, input.serial);
  if (!licence) throw notFound(LICENCE_MESSAGES.notFound);
  try {
    await tenancy.requireCompany(ctx, { companyId: licence.company_id, mode: 'read' });
  } catch {
    throw notFound(LICENCE_MESSAGES.notFound);
  }
  const logs = await q.listLogs(ctx.db, licence.id);
  return {
    serial_number: licence.serial_number,
    logs: logs.map((l) => ({
      at: l.at.toISOString(),
      ip: l.ip,
      machine_id: l.machine_id,
      version: l.version,
      device_count: l.device_count,
      booster_count: l.booster_count,
      outcome: l.outcome,
    })),
  };
}
