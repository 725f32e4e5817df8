import { isClosed } from '@portal/contract/shared/company-states';
import { BOOSTER_VARIANTS, type BoosterVariant } from '@portal/contract/billing/fields';
import { LICENCE_MESSAGES } from '@portal/contract/servers/licences';
import { decodePayload, LOCK_ON_FIRST_USE, parseVersion, UNLOCKED, VERSION_ERROR } from '@portal/contract/servers/payload';
import { CHECK_IN_LIMIT, signedText } from '@portal/contract/servers/server-tables';
import type { Actor } from '../../platform/access.ts';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { countHit } from '../../platform/rate-limit-store.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';
import { planPayload } from './server-tables.ts';
import { licenceKey, signText } from './signing.ts';

/**
 * A lease lasts this long: a server that cannot reach the endpoint keeps working for this grace period
 * (docs/decisions/0035). Servers check in every few minutes, so a healthy one never comes near it.
 */
export const LEASE_GRACE_DAYS = 3;
const DAY_MS = 86_400_000;

export const CHECK_IN_REFUSALS = {
  disabled: 'This licence is disabled',
  archived: 'This licence is archived',
  locked: 'This licence is locked to another server; relax it in the portal to move it',
  suspended: 'This account is out of credit: backups are paused until credit is added',
  closed: 'This account is closed',
  tooMany: (seconds: number) =>
    `Too many check-ins for this licence: at most ${CHECK_IN_LIMIT.max} a minute. Please try again in ${seconds} seconds.`,
} as const;

type BoosterCounts = Record<BoosterVariant, number>;

export interface CheckIn {
  serial_number: string;
  machine_id: string;
  version: string;
  device_count: number;
  boosters: BoosterCounts;
  devices: { id: string; username: string; os: string }[];
  removed_devices: string[];
}

const boosterTotal = (b: Record<string, number>) => Object.values(b).reduce((s, n) => s + n, 0);

/** A refusal is still a check-in: its log line is written after the call's transaction has rolled back. */
function refuse(
  ctx: CallContext<Actor | null>,
  licence: q.LicenceRow,
  input: CheckIn,
  code: number,
  message: string,
  fields?: Record<string, string>,
): never {
  const at = ctx.clock.now();
  const ip = ctx.ip;
  ctx.afterCall((after) =>
    q.insertLog(after.db, {
      licence_id: licence.id,
      at,
      ip,
      machine_id: input.machine_id,
      version: input.version,
      device_count: input.device_count,
      booster_count: boosterTotal(input.boosters),
      outcome: message,
    }),
  );
  throw new AppError(code, message, fields);
}

/**
 * Counts a check-in against its serial before the call's transaction (the handler's `before` step), so the
 * count is committed at once and parallel check-ins on every node are decided on each other's counts. Beyond
 * the limit the check-in is refused before the licence row is locked or anything of it is written: a flood of
 * one serial costs one counter statement per request (docs/decisions/0073). The window is kept by the
 * portal's clock.
 */
export async function countCheckIn(ctx: PublicContext, input: { serial_number: string }): Promise<void> {
  const key = `check-in:${input.serial_number}`;
  const { hits, ttlMs } = await countHit(ctx.db, key, CHECK_IN_LIMIT.windowMs, 1, ctx.clock.now());
  if (hits <= CHECK_IN_LIMIT.max) return;
  const wait = Math.max(1, Math.ceil(ttlMs / 1000));
  throw new AppError(429, CHECK_IN_REFUSALS.tooMany(wait), undefined, { retry_after_seconds: wait });
}

/** Whether the address and machine may use the licence, and the binding to keep when they may. */
function lockRule(l: q.LicenceRow, ip: string, machineId: string): { allowed_ip_address: string; allowed_machine_id: string } | null {
  if (l.allowed_ip_address === UNLOCKED) return { allowed_ip_address: UNLOCKED, allowed_machine_id: '' };
  if (l.allowed_ip_address === LOCK_ON_FIRST_USE) return { allowed_ip_address: ip, allowed_machine_id: machineId };
  if (l.allowed_ip_address !== ip) return null;
  if (l.allowed_machine_id && l.allowed_machine_id !== machineId) return null;
  return { allowed_ip_address: l.allowed_ip_address, allowed_machine_id: l.allowed_machine_id || machineId };
}

export async function checkIn(ctx: CallContext<Actor | null>, input: CheckIn) {
  const licence = await q.lockLicence(ctx.db, input.serial_number);
  if (!licence) throw notFound(LICENCE_MESSAGES.notFound);
  const company = await tenancy.findCompany(ctx, { companyId: licence.company_id });
  if (!parseVersion(input.version)) refuse(ctx, licence, input, 400, VERSION_ERROR, { version: VERSION_ERROR });
  if (licence.archived_at) refuse(ctx, licence, input, 403, CHECK_IN_REFUSALS.archived);
  if (!licence.enabled) refuse(ctx, licence, input, 403, CHECK_IN_REFUSALS.disabled);
  if (!company || isClosed(company)) refuse(ctx, licence, input, 403, CHECK_IN_REFUSALS.closed);
  // Billing's lifecycle suspends a company out of credit; its servers pause until credit returns.
  if (company.current_state === 'SUSPENDED') refuse(ctx, licence, input, 402, CHECK_IN_REFUSALS.suspended);
  const binding = lockRule(licence, ctx.ip, input.machine_id);
  if (!binding) refuse(ctx, licence, input, 403, CHECK_IN_REFUSALS.locked);

  const now = ctx.clock.now();
  const day = billing.billingDayOf(ctx, { at: now });
  const leaseEnd = new Date(now.getTime() + LEASE_GRACE_DAYS * DAY_MS);
  // The licence's new state, its log line and the log's trim: one statement.
  await q.recordCheckIn(
    ctx.db,
    licence.id,
    {
      ...binding,
      server_version: input.version,
      last_ip: ctx.ip,
      last_machine_id: input.machine_id,
      last_seen_at: now,
      counts_date: day,
      num_clients_online: input.device_count,
      num_boosters_online: boosterTotal(input.boosters),
      booster_counts: input.boosters,
      last_issue_end: leaseEnd,
    },
    {
      at: now,
      ip: ctx.ip,
      machine_id: input.machine_id,
      version: input.version,
      device_count: input.device_count,
      booster_count: boosterTotal(input.boosters),
      outcome: 'issued',
    },
  );
  await reportDay(ctx, licence.company_id, day, now, input.version);
  // After reportDay's per-company lock, so two servers of one company never write the same devices at once.
  await billing.devicesReported(ctx, {
    company_id: licence.company_id,
    seen: input.devices.map((d) => ({ device_key: d.id, username: d.username, os: d.os })),
    removed: input.removed_devices,
  });

  const plan = planPayload(ctx.config, company.plan_id);
  const payload = licence.payload_override && decodePayload(licence.payload_override) ? licence.payload_override : plan;
  const answer = {
    serial_number: licence.serial_number,
    payload,
    issued_at: now.toISOString(),
    lease_expires_at: leaseEnd.toISOString(),
  };
  const key = licenceKey(ctx.config);
  return { ...answer, signature: signText(key, signedText(answer)), public_key: key.publicKey };
}

/**
 * The company's devices and boosters online now, as the day's figures: the sum over its servers whose lease
 * still runs, each with its latest check-in (so the dashboard, the ticket panel and the wall read one figure
 * however many of its servers have checked in today). Check-ins of one company take turns here (an advisory
 * lock), so each sum is read after the previous one committed.
 */
async function reportDay(ctx: CallContext<Actor | null>, companyId: number, day: string, now: Date, version: string) {
  await q.lockCompanyCounts(ctx.db, companyId);
  const rows = await q.countsOfLiveLeases(ctx.db, companyId, now);
  const boosters: Partial<BoosterCounts> = {};
  let devices = 0;
  for (const r of rows) {
    devices += r.devices;
    for (const v of BOOSTER_VARIANTS) boosters[v] = (boosters[v] ?? 0) + (r.boosters[v] ?? 0);
  }
  // The serial this check-in presented names the company: it is the report's proof.
  await billing.recordDailyStats(ctx, {
    company_id: companyId,
    date: day,
    device_count: devices,
    boosters,
    server_version: version,
    proof: 'licence serial',
  });
}
