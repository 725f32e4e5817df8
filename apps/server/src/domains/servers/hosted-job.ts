import { regionName } from '@portal/contract/shared/plans';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import { bucketSecretOf, HOSTED_OWNER_KIND, includedBytes, includedStorage } from './hosted.ts';
import { type ConsoleSpec, type Provisioner, provisionerFor } from './provisioner.ts';
import * as q from './queries/hosted.ts';

/** Consoles per transaction; the scheduler runs batches until one moves nothing. */
const BATCH = 20;

const specOf = (config: CallContext['config'], h: q.HostedRow): ConsoleSpec => ({
  hosted_server_id: h.id,
  company_id: h.company_id,
  region: h.region,
  user_dns: h.user_dns,
  email_from: h.send_as_email_address,
  email_send_as: h.send_as_display_name,
  storage: {
    type: h.storage_type,
    bucket: h.storage_bucket,
    access_key: h.storage_access_key,
    secret_key: bucketSecretOf(config, h),
    included_bytes: includedBytes(h.storage_type),
  },
});

/** The company's running consoles for the day's stats (spec-2 §3 daily stats); billing keeps its other figures. */
async function reportCount(ctx: CallContext, companyId: number) {
  const hosted_comet_v2_count = await q.countRunning(ctx.db, companyId);
  await billing.recordDailyStats(ctx, { company_id: companyId, date: billing.billingDayOf(ctx), hosted_comet_v2_count });
}

async function fail(ctx: CallContext, h: q.HostedRow, message: string) {
  const now = ctx.clock.now();
  await q.updateHosted(ctx.db, h.id, { state: 'failed', failure_message: message, next_check_at: null });
  await q.completeTasks(ctx.db, h.id, 'error', message, now);
  await ctx.audit(h.company_id, `Hosted server ${h.server_name} failed to provision: ${message}`);
}

/** Provisioning: start the build, then check it until the console answers (ready, billed) or the build fails. */
async function advanceBuild(ctx: CallContext, p: Provisioner, h: q.HostedRow): Promise<boolean> {
  const now = ctx.clock.now();
  const spec = specOf(ctx.config, h);
  if (!h.provision_operation) {
    const started = await p.startCreate(spec, now);
    await q.updateHosted(ctx.db, h.id, { provision_operation: started.operation, next_check_at: started.check_at });
    return true;
  }
  const progress = await p.checkCreate(h.provision_operation, spec, now);
  if (progress.state === 'pending') {
    await q.updateHosted(ctx.db, h.id, { next_check_at: progress.check_at });
    return false;
  }
  if (progress.state === 'failed') {
    await fail(ctx, h, progress.message);
    return true;
  }
  try {
    await billing.startService(ctx, {
      company_id: h.company_id,
      kind: 'hosted_server',
      owner_kind: HOSTED_OWNER_KIND,
      owner_id: String(h.id),
      hosted_server_id: h.id,
      included_storage_bytes: includedBytes(h.storage_type),
      details: `Hosted server ${h.user_dns} (${regionName(h.region)})`,
    });
  } catch (e) {
    // No price for the company's plan: the console is not handed over unbilled.
    if (!(e instanceof AppError)) throw e;
    await fail(ctx, h, e.message);
    return true;
  }
  await q.updateHosted(ctx.db, h.id, {
    state: 'ready',
    ready_at: now,
    next_check_at: null,
    ...progress.result,
    ...includedStorage(h.storage_type, now),
  });
  await q.completeTasks(ctx.db, h.id, 'success', '', now);
  await reportCount(ctx, h.company_id);
  await ctx.audit(h.company_id, `Hosted server ${h.server_name} is ready at ${h.user_dns}`);
  return true;
}

/** Deleting: start the removal, then check it until the console is gone (deleted) or the removal fails (retryable). */
async function advanceDelete(ctx: CallContext, p: Provisioner, h: q.HostedRow): Promise<boolean> {
  const now = ctx.clock.now();
  if (!h.delete_operation) {
    const started = await p.startDelete(specOf(ctx.config, h), now);
    await q.updateHosted(ctx.db, h.id, { delete_operation: started.operation, next_check_at: started.check_at });
    return true;
  }
  const progress = await p.checkDelete(h.delete_operation, now);
  if (progress.state === 'pending') {
    await q.updateHosted(ctx.db, h.id, { next_check_at: progress.check_at });
    return false;
  }
  if (progress.state === 'failed') {
    await q.updateHosted(ctx.db, h.id, { state: 'delete_failed', failure_message: progress.message, next_check_at: null });
    await ctx.audit(h.company_id, `Hosted server ${h.server_name} could not be deleted: ${progress.message}`);
    return true;
  }
  await q.updateHosted(ctx.db, h.id, { state: 'deleted', deleted_at: now, next_check_at: null });
  await reportCount(ctx, h.company_id);
  await ctx.audit(h.company_id, `Hosted server ${h.server_name} removed`);
  return true;
}

/**
 * The scheduled job 'hosted-provisioner': moves due consoles along, each under its row lock, so a delete or
 * a second node waits for it (or skips it) and never sees half a step. `provisioner` is for tests.
 */
export async function hostedProvisionerJob(ctx: CallContext, provisioner?: Provisioner): Promise<number> {
  const p = provisioner ?? provisionerFor(ctx.config, ctx.log);
  let moved = 0;
  for (const h of await q.lockDue(ctx.db, ctx.clock.now(), BATCH)) {
    const changed = h.state === 'provisioning' ? await advanceBuild(ctx, p, h) : await advanceDelete(ctx, p, h);
    if (changed) moved++;
  }
  return moved;
}

/** Moves one console a step, as the job would (the test factories build their consoles so). */
export async function advanceHosted(ctx: CallContext, hostedId: number, provisioner: Provisioner): Promise<boolean> {
  const h = await q.lockHosted(ctx.db, hostedId);
  if (!h || (h.state !== 'provisioning' && h.state !== 'deleting')) return false;
  return h.state === 'provisioning' ? advanceBuild(ctx, provisioner, h) : advanceDelete(ctx, provisioner, h);
}
