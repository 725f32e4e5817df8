import { isClosed } from '@portal/contract/shared/company-states';
import { CLOUDVIEW_MESSAGES, LOGIN_TOKEN_SECONDS, type PortalStatusView } from '@portal/contract/customer-portal/cloudview';
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';
import { signInAllowed } from './sign-in-origin.ts';
import { signLogin } from './signing.ts';
import { LIVE_STATES } from './tables.ts';

type Ctx = CallContext<Actor>;
type CompanyInput = { target_company_id: number };

/** How a portal names itself to billing: one cloudview service while it is ready (docs/decisions/0057). */
export const PORTAL_OWNER_KIND = 'cloudview';
export const portalOwnerOf = (p: { id: number }) => ({ owner_kind: PORTAL_OWNER_KIND, owner_id: String(p.id) });

const STATUS = { provisioning: 'PROVISIONING', ready: 'READY', failed: 'FAILED' } as const;

/** The company's portal fields (spec-1 §3) from its live portal, if any. */
export function statusOf(company: { current_state: string }, portal: q.PortalRow | null): PortalStatusView {
  const live = portal && (portal.state === 'provisioning' || portal.state === 'ready' || portal.state === 'failed') ? portal : null;
  return {
    status: live ? STATUS[live.state as keyof typeof STATUS] : null,
    failure_message: live?.state === 'failed' ? live.failure_message : '',
    myclient_portal_enabled: live !== null,
    myclient_portal_activated: live?.state === 'ready',
    myclient_suspended: company.current_state === 'SUSPENDED',
    myclient_url: live?.state === 'ready' ? live.url : '',
    created_at: live?.created_at.toISOString() ?? null,
    ready_at: live?.ready_at?.toISOString() ?? null,
  };
}

/** The day's count of ready portals goes to billing's daily stats (spec-2 §3 cloudview_count). */
export async function reportCount(ctx: CallContext, companyId: number) {
  const cloudview_count = await q.countReady(ctx.db, companyId);
  await billing.recordDailyStats(ctx, { company_id: companyId, date: billing.billingDayOf(ctx), cloudview_count });
}

export async function status(ctx: Ctx, input: CompanyInput): Promise<PortalStatusView> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'read' });
  return statusOf(company, await q.findLive(ctx.db, company.id));
}

/**
 * Staff enable a company's portal: a provisioning row the provisioner job builds; billing starts when it is ready.
 * The company row is locked, and at most one live portal per company exists (a unique index), so enables sent at
 * once make one portal. A failed portal had nothing built to remove: it is replaced.
 */
export async function enable(ctx: Ctx, input: CompanyInput): Promise<PortalStatusView> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'write' });
  if (isClosed(company)) throw new AppError(400, CLOUDVIEW_MESSAGES.companyClosed);
  const now = ctx.clock.now();
  const live = await q.lockLive(ctx.db, company.id);
  if (live && live.state !== 'failed') throw new AppError(400, CLOUDVIEW_MESSAGES.alreadyEnabled);
  if (live && !(await q.transition(ctx.db, live.id, ['failed'], { state: 'removed', terminated_at: now, removed_at: now }))) {
    throw new AppError(409, CLOUDVIEW_MESSAGES.alreadyEnabled);
  }
  const portal = await q.insertPortal(ctx.db, { company_id: company.id, state: 'provisioning', created_at: now });
  // The company's users have the customer portal capability from now on (its page, the CloudView ticket type).
  await tenancy.administer(ctx, {
    companyId: company.id,
    changes: { myclient_portal_enabled: true },
    history: [live ? 'Customer portal enabled again after a failed start' : 'Customer portal enabled'],
  });
  return statusOf(company, portal);
}

/**
 * A sign-in for the ready portal: a signed token naming the portal, valid LOGIN_TOKEN_SECONDS, whose row makes it
 * single-use. The browser posts it to `<url>/login` in a new tab.
 */
export async function generateLoginCredentials(ctx: Ctx, input: CompanyInput) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'read' });
  const live = await q.findLive(ctx.db, company.id);
  if (!live) throw new AppError(400, CLOUDVIEW_MESSAGES.notEnabled);
  if (live.state === 'failed') throw new AppError(400, CLOUDVIEW_MESSAGES.failed);
  if (live.state !== 'ready') throw new AppError(400, CLOUDVIEW_MESSAGES.notReady);
  if (company.current_state === 'SUSPENDED') throw new AppError(400, CLOUDVIEW_MESSAGES.suspended);
  // The browser would block the post without a word (CSP form-action): say so instead, and issue no token.
  if (!signInAllowed(ctx.config, live.url)) {
    ctx.log.error({ portal_id: live.id, url: live.url }, 'customer portal outside CLOUDVIEW_SIGN_IN_ORIGINS');
    throw new AppError(502, CLOUDVIEW_MESSAGES.signInOrigin);
  }
  const now = ctx.clock.now();
  const jti = randomBytes(18).toString('base64url');
  const expires = new Date(now.getTime() + LOGIN_TOKEN_SECONDS * 1000);
  await q.insertLogin(ctx.db, {
    jti,
    portal_id: live.id,
    user_id: ctx.actor.userId,
    email: ctx.actor.email,
    expires_at: expires,
    created_at: now,
  });
  const token = signLogin(ctx.config, { jti, portal_id: live.id, company_id: company.id, exp: Math.floor(expires.getTime() / 1000) });
  await ctx.audit(company.id, 'Customer portal sign-in issued');
  return { login_url: `${live.url}/login`, login_postdata: { token } };
}

/**
 * Terminates the company's portal: billing stops now (the customer asked for it to go; a removal that fails is
 * the portal's to retry), and the provisioner job removes the instance. The portal row is locked first, so a
 * build finishing at the same moment is either before (ready, billed, then stopped here) or after (it sees
 * removing and does nothing).
 */
export async function terminate(ctx: Ctx, input: CompanyInput): Promise<null> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'write' });
  const live = await q.lockLive(ctx.db, company.id);
  if (!live) throw new AppError(400, CLOUDVIEW_MESSAGES.notEnabled);
  const now = ctx.clock.now();
  const moved = await q.transition(ctx.db, live.id, LIVE_STATES, {
    state: 'removing',
    terminated_at: now,
    delete_operation: '',
    failure_message: '',
    next_check_at: null,
  });
  if (!moved) throw new AppError(409, CLOUDVIEW_MESSAGES.notEnabled);
  await tenancy.administer(ctx, {
    companyId: company.id,
    changes: { myclient_portal_enabled: false },
    history: ['Customer portal terminated'],
  });
  await billing.stopService(ctx, portalOwnerOf(live));
  if (live.state === 'ready') await reportCount(ctx, company.id);
  return null;
}
