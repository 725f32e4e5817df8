import { AppError } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/context.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { PORTAL_OWNER_KIND, reportCount } from './portal.ts';
import { type PortalProvisioner, type PortalSpec, portalProvisionerFor } from './provisioner.ts';
import * as q from './queries.ts';

/** Portals per transaction; the scheduler runs batches until one moves nothing. */
const BATCH = 20;
/** A removal that failed is tried again after this long. */
export const REMOVAL_RETRY_MS = 60_000;
/** Used and expired sign-in rows are kept a day, then purged by the job. */
const LOGIN_KEEP_MS = 86_400_000;

const specOf = (p: q.PortalRow): PortalSpec => ({ portal_id: p.id, company_id: p.company_id });

async function fail(ctx: CallContext, p: q.PortalRow, message: string) {
  await q.transition(ctx.db, p.id, ['provisioning'], { state: 'failed', failure_message: message, next_check_at: null });
  await ctx.audit(p.company_id, `Customer portal failed to start: ${message}`);
}

/** Provisioning: start the build, then check it until the instance answers (ready, billed) or the build fails. */
async function advanceBuild(ctx: CallContext, provisioner: PortalProvisioner, p: q.PortalRow): Promise<boolean> {
  const now = ctx.clock.now();
  if (!p.provision_operation) {
    const started = await provisioner.startCreate(specOf(p), now);
    await q.transition(ctx.db, p.id, ['provisioning'], { provision_operation: started.operation, next_check_at: started.check_at });
    return true;
  }
  const progress = await provisioner.checkCreate(p.provision_operation, specOf(p), now);
  if (progress.state === 'pending') {
    await q.transition(ctx.db, p.id, ['provisioning'], { next_check_at: progress.check_at });
    return false;
  }
  if (progress.state === 'failed') {
    await fail(ctx, p, progress.message);
    return true;
  }
  const company = await tenancy.findCompany(ctx, { companyId: p.company_id });
  try {
    await billing.startService(ctx, {
      company_id: p.company_id,
      kind: 'cloudview',
      owner_kind: PORTAL_OWNER_KIND,
      owner_id: String(p.id),
      details: `Customer portal ${progress.result.url}${company ? ` (${company.company_name})` : ''}`,
    });
  } catch (e) {
    // No price on the company's plan: the portal is not handed over unbilled.
    if (!(e instanceof AppError)) throw e;
    await fail(ctx, p, e.message);
    return true;
  }
  const ready = await q.transition(ctx.db, p.id, ['provisioning'], {
    state: 'ready',
    url: progress.result.url,
    ready_at: now,
    next_check_at: null,
  });
  // The row is locked by lockDue, so nothing else moved it; if it ever did, the service must not stay.
  if (!ready) throw new Error(`customer portal ${p.id} moved while locked`);
  await reportCount(ctx, p.company_id);
  await ctx.audit(p.company_id, `Customer portal is ready at ${ready.url}`);
  return true;
}

/** Removing: start the removal, then check it until the instance is gone; a failed removal is tried again later. */
async function advanceRemoval(ctx: CallContext, provisioner: PortalProvisioner, p: q.PortalRow): Promise<boolean> {
  const now = ctx.clock.now();
  if (!p.delete_operation) {
    const started = await provisioner.startDelete(specOf(p), now);
    await q.transition(ctx.db, p.id, ['removing'], { delete_operation: started.operation, next_check_at: started.check_at });
    return true;
  }
  const progress = await provisioner.checkDelete(p.delete_operation, now);
  if (progress.state === 'pending') {
    await q.transition(ctx.db, p.id, ['removing'], { next_check_at: progress.check_at });
    return false;
  }
  if (progress.state === 'failed') {
    await q.transition(ctx.db, p.id, ['removing'], {
      failure_message: progress.message,
      delete_operation: '',
      next_check_at: new Date(now.getTime() + REMOVAL_RETRY_MS),
    });
    await ctx.audit(p.company_id, `Customer portal could not be removed yet: ${progress.message}`);
    return true;
  }
  await q.transition(ctx.db, p.id, ['removing'], { state: 'removed', removed_at: now, next_check_at: null, failure_message: '' });
  await ctx.audit(p.company_id, 'Customer portal removed');
  return true;
}

/**
 * The scheduled job 'customer-portal-provisioner': moves due portals along, each under its row lock, so a terminate
 * or a second node waits for it (or skips it) and never sees half a step. `provisioner` is for tests.
 */
export async function portalProvisionerJob(ctx: CallContext, provisioner?: PortalProvisioner): Promise<number> {
  const p = provisioner ?? portalProvisionerFor(ctx.config, ctx.log);
  let moved = 0;
  for (const row of await q.lockDue(ctx.db, ctx.clock.now(), BATCH)) {
    const changed = row.state === 'provisioning' ? await advanceBuild(ctx, p, row) : await advanceRemoval(ctx, p, row);
    if (changed) moved++;
  }
  await q.purgeLogins(ctx.db, new Date(ctx.clock.now().getTime() - LOGIN_KEEP_MS));
  return moved;
}
