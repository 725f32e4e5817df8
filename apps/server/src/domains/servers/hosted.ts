import { isClosed } from '@portal/contract/shared/company-states';
import {
  type AsyncTask,
  HOSTED_MESSAGES,
  type HostedDetails,
  INCLUDED_STORAGE_BYTES,
  INCLUDED_STORAGE_DAYS,
} from '@portal/contract/servers/hosted';
import { VERIFICATION_COOLDOWN_SECONDS } from '@portal/contract/servers/hosted-settings';
import { SERVER_REGIONS, regionName } from '@portal/contract/shared/plans';
import { randomInt } from 'node:crypto';
import { type Actor, isAdmin } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/sealed.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries/hosted.ts';

type Ctx = CallContext<Actor>;

/** How a console names itself to billing: one hosted_server service while it is ready. */
export const HOSTED_OWNER_KIND = 'hosted_server';
const ownerOf = (h: { id: number }) => ({ owner_kind: HOSTED_OWNER_KIND, owner_id: String(h.id) });
const DAY_MS = 86_400_000;

/** spec-1 §9's slug helper: at most 27 characters of the company's name, then a 4 character random suffix. */
const SLUG_MAX = 27;
const SUFFIX = 'abcdefghijkmnpqrstuvwxyz23456789';
export function consoleLabel(companyName: string): string {
  const slug = companyName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += SUFFIX[randomInt(SUFFIX.length)];
  return `${slug || 'console'}-${suffix}`;
}

export interface CreateInput {
  target_company_id?: number | undefined;
  target_name?: string | undefined;
  target_region: string;
  target_email_from: string;
  target_email_send_as: string;
  target_storage_type: 'none' | 'cspbw' | 'wasabi' | 'backblaze';
  target_storage_bucket?: string | undefined;
  target_storage_access_key?: string | undefined;
  target_storage_secret_key?: string | undefined;
}

/** Where a console's own bucket secret is kept: sealed, bound to its company (docs/decisions/0067). */
const bucketSecretAt = (companyId: number) => `hosted_servers.storage_secret_key:${companyId}`;

/** The console's own bucket secret, for the provisioner; '' when it has none. */
export function bucketSecretOf(config: CallContext['config'], h: Pick<q.HostedRow, 'company_id' | 'storage_secret_key'>): string {
  return h.storage_secret_key && unseal(config, bucketSecretAt(h.company_id), h.storage_secret_key);
}

/** The storage rules of spec-1 §6: Comet Storage only where the company may have it (always for staff); own buckets for staff only. */
function storageOf(input: CreateInput, staff: boolean, canHaveStorage: boolean) {
  const type = input.target_storage_type;
  if (type === 'cspbw' && !staff && !canHaveStorage) throw badInput({ target_storage_type: HOSTED_MESSAGES.storageNotAllowed });
  if (type !== 'wasabi' && type !== 'backblaze') {
    // A bucket and its keys belong to an own bucket only; sent with another type they would be kept unused.
    const stray = (['target_storage_bucket', 'target_storage_access_key', 'target_storage_secret_key'] as const).filter((k) => input[k]);
    if (stray.length) throw badInput(Object.fromEntries(stray.map((k) => [k, HOSTED_MESSAGES.ownBucketOnly])));
    return { storage_type: type, storage_bucket: '', storage_access_key: '', storage_secret_key: '' };
  }
  if (!staff) throw badInput({ target_storage_type: HOSTED_MESSAGES.adminStorageOnly });
  const fields: Record<string, string> = {};
  if (!input.target_storage_bucket) fields.target_storage_bucket = HOSTED_MESSAGES.bucket;
  if (!input.target_storage_access_key) fields.target_storage_access_key = HOSTED_MESSAGES.accessKey;
  if (!input.target_storage_secret_key) fields.target_storage_secret_key = HOSTED_MESSAGES.secretKey;
  if (Object.keys(fields).length) throw badInput(fields);
  return {
    storage_type: type,
    storage_bucket: input.target_storage_bucket ?? '',
    storage_access_key: input.target_storage_access_key ?? '',
    storage_secret_key: input.target_storage_secret_key ?? '',
  };
}

/**
 * Starts a console's creation: the row (provisioning) and its task, in the caller's transaction. The provisioner
 * job builds it; billing starts only when it is ready, so a failed build is never charged (docs/decisions/0048).
 * `unchecked`: the test factories' consoles, made whatever the plan.
 */
export async function createHosted(ctx: Ctx, input: CreateInput, o: { unchecked?: boolean } = {}) {
  const staff = isAdmin(ctx.actor);
  if (!staff && !ctx.actor.capabilities.includes('use_hosted') && !o.unchecked) throw forbidden();
  if (staff && input.target_company_id === undefined) throw badInput({ target_company_id: HOSTED_MESSAGES.companyRequired });
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'write' });
  if (isClosed(company)) throw new AppError(400, HOSTED_MESSAGES.companyDeleted);
  const storage = storageOf(input, staff, company.can_have_comet_storage);
  if (storage.storage_secret_key) storage.storage_secret_key = seal(ctx.config, bucketSecretAt(company.id), storage.storage_secret_key);
  if (!o.unchecked) {
    const plan = (await billing.listPlans(ctx)).find((p) => p.id === company.plan_id);
    const limit = plan?.default_hosted_server_limit ?? null;
    // The company row is locked (requireCompany 'write'), so parallel creates count one after the other.
    if (limit !== null && (await q.countHeld(ctx.db, company.id)) >= limit) throw new AppError(400, HOSTED_MESSAGES.limit(limit));
  }
  const now = ctx.clock.now();
  const label = consoleLabel(company.company_name);
  const hosted = await q.insertHosted(ctx.db, {
    company_id: company.id,
    server_name: input.target_name?.trim() || label,
    region: input.target_region,
    state: 'provisioning',
    user_dns: `${label}.${ctx.config.HOSTED_DNS_SUFFIX}`,
    send_as_email_address: input.target_email_from,
    send_as_display_name: input.target_email_send_as,
    ...storage,
    created_at: now,
  });
  const task = await q.insertTask(ctx.db, {
    company_id: company.id,
    hosted_server_id: hosted.id,
    action: 'CREATE',
    status: 'running',
    created_at: now,
  });
  await ctx.audit(company.id, `Hosted server ${hosted.server_name} (${regionName(hosted.region)}) requested`);
  return { async_task_id: task.id, hosted_server_id: hosted.id };
}

function taskView(t: q.TaskRow): AsyncTask {
  return {
    id: t.id,
    action: t.action,
    status: t.status,
    created_at: t.created_at.toISOString(),
    data: { completed_at: t.completed_at?.toISOString() ?? null, hosted_server_id: t.hosted_server_id, message: t.message },
  };
}

export async function listAsyncTasks(ctx: Ctx, input: { target_company_id?: number | undefined }) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'read' });
  return { tasks: (await q.openTasks(ctx.db, company.id)).map(taskView) };
}

export async function describeAsyncTask(ctx: Ctx, input: { target_async_task_id: number }) {
  const task = await q.findTask(ctx.db, input.target_async_task_id);
  if (!task) throw notFound(HOSTED_MESSAGES.taskNotFound);
  await ownedBy(ctx, task.company_id, 'read', HOSTED_MESSAGES.taskNotFound);
  return taskView(task);
}

export async function listRegions(ctx: Ctx, input: { target_company_id?: number | undefined }) {
  await tenancy.requireCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'read' });
  return { regions: SERVER_REGIONS.map((r) => ({ code: r.code, name: r.name })), default_region: SERVER_REGIONS[0].code };
}

/** Another company's row answers as a missing one. */
export async function ownedBy(ctx: Ctx, companyId: number, mode: 'read' | 'write', missing: string) {
  try {
    return await tenancy.requireCompany(ctx, { companyId, mode });
  } catch (e) {
    if (e instanceof AppError && e.code === 403) throw e;
    throw notFound(missing);
  }
}

export async function ownHosted(ctx: Ctx, id: number): Promise<q.HostedRow> {
  const hosted = await q.lockHosted(ctx.db, id);
  if (!hosted) throw notFound(HOSTED_MESSAGES.notFound);
  await ownedBy(ctx, hosted.company_id, 'write', HOSTED_MESSAGES.notFound);
  return hosted;
}

export async function setName(ctx: Ctx, input: { target_hosted_server_id: number; target_name: string }) {
  const hosted = await ownHosted(ctx, input.target_hosted_server_id);
  await q.updateHosted(ctx.db, hosted.id, { server_name: input.target_name.trim() || hosted.user_dns.split('.')[0] || hosted.server_name });
  return null;
}

export async function setFavourite(ctx: Ctx, input: { target_hosted_server_id: number; target_state: boolean }) {
  const hosted = await ownHosted(ctx, input.target_hosted_server_id);
  await q.updateHosted(ctx.db, hosted.id, { favourited: input.target_state });
  return null;
}

/**
 * A ready console (or one whose delete failed) turns to deleting and stops billing now: the customer asked for it
 * to go, and a removal that fails is the portal's to retry. A failed build had nothing to remove.
 */
export async function remove(ctx: Ctx, input: { target_hosted_server_id: number; target_confirm_name?: string | undefined }) {
  const hosted = await ownHosted(ctx, input.target_hosted_server_id);
  // The typed name is the screen's confirmation (spec-2 §5); an API client sends the spec's payload without it.
  if (input.target_confirm_name !== undefined && input.target_confirm_name.trim() !== hosted.server_name) {
    throw badInput({ target_confirm_name: HOSTED_MESSAGES.confirmName });
  }
  const now = ctx.clock.now();
  if (hosted.state === 'provisioning') throw new AppError(400, HOSTED_MESSAGES.stillProvisioning);
  if (hosted.state === 'deleting') throw new AppError(400, HOSTED_MESSAGES.deleting);
  if (hosted.state === 'failed') {
    await q.updateHosted(ctx.db, hosted.id, { state: 'deleted', deleted_at: now });
  } else {
    await q.updateHosted(ctx.db, hosted.id, { state: 'deleting', delete_operation: '', next_check_at: null, failure_message: '' });
    if (hosted.state === 'ready') await billing.stopService(ctx, ownerOf(hosted));
  }
  await ctx.audit(hosted.company_id, `Hosted server ${hosted.server_name} deleted`);
  return null;
}

/** When the next verification mail may go (spec-1 §9: 60 s after the last); null when it may now or none was sent. */
export function resendAt(h: Pick<q.HostedRow, 'verification_sent_at'>, now = Date.now()): string | null {
  if (!h.verification_sent_at) return null;
  const at = h.verification_sent_at.getTime() + VERIFICATION_COOLDOWN_SECONDS * 1000;
  return at > now ? new Date(at).toISOString() : null;
}

/** A console's mail settings as its describe and its settings dialog show them: the SMTP password never, only whether one is set. */
export function emailSettingsOf(h: q.HostedRow, now = Date.now()) {
  return {
    send_as_email_address: h.send_as_email_address,
    send_as_display_name: h.send_as_display_name,
    send_as_email_verified: h.send_as_email_verified,
    send_as_dmarc_verified: h.send_as_dmarc_verified,
    smtp_mode: h.smtp_mode,
    smtp_host: h.smtp_host,
    smtp_port: h.smtp_port,
    smtp_username: h.smtp_username,
    smtp_password_set: h.smtp_password !== '',
    smtp_security: h.smtp_security,
    smtp_accept_invalid_certificate: h.smtp_accept_invalid_certificate,
    verification_resend_at: resendAt(h, now),
  };
}

export function detailsOf(h: q.HostedRow, now = Date.now()): HostedDetails {
  return {
    id: h.id,
    company_id: h.company_id,
    server_name: h.server_name,
    state: h.state === 'deleted' ? 'deleting' : h.state,
    failure_message: h.failure_message,
    region: { code: h.region, name: regionName(h.region) },
    user_dns: h.state === 'ready' || h.state === 'deleting' || h.state === 'delete_failed' ? h.user_dns : '',
    user_custom_dns: h.user_custom_dns,
    version: h.version,
    admin_username: h.admin_username,
    admin_password: h.admin_password,
    use_custom_dns: h.use_custom_dns,
    ...emailSettingsOf(h, now),
    storage_type: h.storage_type,
    included_storage_bytes: h.included_storage_bytes,
    included_storage_expires_at: h.included_storage_expires_at?.toISOString() ?? null,
    created_at: h.created_at.toISOString(),
    ready_at: h.ready_at?.toISOString() ?? null,
  };
}

export async function describe(ctx: Ctx, input: { target_company_id?: number | undefined; target_hosted_server_id: number }) {
  const hosted = await q.findHosted(ctx.db, input.target_hosted_server_id);
  if (!hosted || (input.target_company_id !== undefined && hosted.company_id !== input.target_company_id))
    throw notFound(HOSTED_MESSAGES.notFound);
  await ownedBy(ctx, hosted.company_id, 'read', HOSTED_MESSAGES.notFound);
  return detailsOf(hosted, ctx.clock.now().getTime());
}

/** The storage a console comes with: 5 TB when it uses Comet Storage, none otherwise (spec-1 §9; decision 0048). */
export const includedBytes = (storageType: q.HostedRow['storage_type']) => (storageType === 'cspbw' ? INCLUDED_STORAGE_BYTES : 0);

/** What a ready console holds: its included storage, for 30 days from `readyAt`. */
export function includedStorage(storageType: q.HostedRow['storage_type'], readyAt: Date) {
  const bytes = includedBytes(storageType);
  return {
    included_storage_bytes: bytes,
    included_storage_expires_at: bytes ? new Date(readyAt.getTime() + INCLUDED_STORAGE_DAYS * DAY_MS) : null,
  };
}

export { ownerOf as hostedOwnerOf };
