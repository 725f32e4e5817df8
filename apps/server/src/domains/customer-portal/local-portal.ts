import { LOCAL_PORTAL_MESSAGES } from '@portal/contract/customer-portal/cloudview';
import { localPortalLogin, localPortalPage } from '@portal/contract/customer-portal/local-portal-entries';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/access.ts';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { handleEntry, registerEntries } from '../../platform/entry.ts';
import type { AppDeps } from '../../platform/handle.ts';
import { escapeHtml } from '../../platform/mail.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';
import { verifyLogin } from './signing.ts';

export type LocalSignIn =
  | { ok: true; company_name: string; email: string; portal_id: number }
  | { ok: false; status: number; message: string };

/**
 * What the local instance does with a posted sign-in (docs/decisions/0057): the signature must be ours, the token
 * for this instance and unexpired, and its row unused (set used by one conditional update, so two posts of the same
 * token cannot both sign in). The instance must still be ready and the company not suspended.
 */
export async function signIn(ctx: CallContext<Actor | null>, portalId: number, token: string): Promise<LocalSignIn> {
  const claims = verifyLogin(ctx.config, token);
  if (!claims || claims.portal_id !== portalId) return { ok: false, status: 401, message: LOCAL_PORTAL_MESSAGES.invalid };
  const now = ctx.clock.now();
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, status: 401, message: LOCAL_PORTAL_MESSAGES.expired };
  const login = await q.consumeLogin(ctx.db, claims.jti, now);
  if (!login) {
    const known = await q.findLogin(ctx.db, claims.jti);
    if (!known || known.portal_id !== portalId) return { ok: false, status: 401, message: LOCAL_PORTAL_MESSAGES.invalid };
    return { ok: false, status: 401, message: known.used_at ? LOCAL_PORTAL_MESSAGES.used : LOCAL_PORTAL_MESSAGES.expired };
  }
  const portal = await q.findPortal(ctx.db, portalId);
  if (portal?.state !== 'ready' || portal.company_id !== claims.company_id) {
    return { ok: false, status: 410, message: LOCAL_PORTAL_MESSAGES.gone };
  }
  const company = await tenancy.findCompany(ctx, { companyId: portal.company_id });
  if (!company || company.current_state === 'SUSPENDED') return { ok: false, status: 403, message: LOCAL_PORTAL_MESSAGES.suspended };
  await ctx.audit(portal.company_id, `Signed in to the customer portal as ${login.email}`);
  return { ok: true, company_name: company.company_name, email: login.email, portal_id: portal.id };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

/**
 * The local customer portal instances, served by this portal (CLOUDVIEW_PROVISIONER=local): GET shows the instance,
 * POST <id>/login takes the signed token the portal's generate-login-credentials issued.
 */
export function installLocalPortal(app: FastifyInstance, deps: AppDeps): void {
  const show = handleEntry(localPortalPage, async ({ reply, input }) => {
    const id = Number(input.id);
    const portal = Number.isSafeInteger(id) && id > 0 ? await q.findPortal(deps.db, id) : null;
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (portal?.state !== 'ready') {
      return reply.code(404).send(page('CloudView', `<h1>CloudView</h1><p>${escapeHtml(LOCAL_PORTAL_MESSAGES.gone)}</p>`));
    }
    return reply.send(page('CloudView', '<h1>CloudView</h1><p>Sign in from your account portal: Customer Portal, Log In.</p>'));
  });
  // The token is the credential (no cookie is read), so the post may come from any page: the entry's `crossSiteForm`.
  const login = handleEntry(localPortalLogin, async ({ req, reply, input }) => {
    const id = Number(input.id);
    const token = input.token ?? '';
    const result: LocalSignIn =
      Number.isSafeInteger(id) && id > 0 && token
        ? await runInContext(deps, systemSource(req.log), (ctx) => signIn(ctx, id, token))
        : { ok: false, status: 401, message: LOCAL_PORTAL_MESSAGES.invalid };
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!result.ok) {
      return reply
        .code(result.status)
        .send(page('CloudView: not signed in', `<h1>CloudView</h1><p role="alert">${escapeHtml(result.message)}</p>`));
    }
    return reply.send(
      page(
        `CloudView: ${result.company_name}`,
        `<h1>CloudView</h1><p>Signed in to the customer portal of <strong>${escapeHtml(result.company_name)}</strong> as <strong>${escapeHtml(result.email)}</strong>.</p>`,
      ),
    );
  });
  registerEntries(app, [show, login], deps);
}
