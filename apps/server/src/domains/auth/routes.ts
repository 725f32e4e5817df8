import { getAuthContext } from '@portal/contract/auth/auth-context';
import { endImpersonation, impersonate } from '@portal/contract/auth/impersonate';
import { login, logout } from '@portal/contract/auth/login';
import { listSessions, reauthenticate, revokeSession } from '@portal/contract/auth/sessions';
import { getCompanySso, setCompanySso } from '@portal/contract/auth/sso';
import type { FastifyInstance } from 'fastify';
import { actingAsSelf, signedIn } from '../../platform/access.ts';
import { handle, withCallContext } from '../../platform/handle.ts';
import { complete } from './login.ts';
import * as service from './service.ts';
import * as sessions from './sessions.ts';
import { SSO_CALLBACK_PATH, getSso, setSso, ssoCallback } from './sso.ts';

export const authHandlers = [
  handle(getAuthContext, (_input, ctx) => service.getAuthContext(ctx)),
  handle(login, (input, ctx) => service.login(ctx, input)),
  handle(logout, (_input, ctx) => service.logout(ctx)),
  handle(impersonate, (input, ctx) => service.impersonate(ctx, signedIn(ctx.actor), input.target_id)),
  handle(endImpersonation, (_input, ctx) => service.endImpersonation(ctx, signedIn(ctx.actor))),
  handle(listSessions, (_input, ctx) => sessions.listSessions(ctx, signedIn(ctx.actor)), { readOnly: true }),
  handle(revokeSession, (input, ctx) => sessions.revoke(ctx, actingAsSelf(ctx.actor), input)),
  handle(reauthenticate, (input, ctx) => sessions.reauth(ctx, actingAsSelf(ctx.actor), input)),
  handle(getCompanySso, (input, ctx) => getSso(ctx, signedIn(ctx.actor), input.target_id), { readOnly: true }),
  handle(setCompanySso, (input, ctx) => setSso(ctx, signedIn(ctx.actor), input)),
];

/** The page the single sign-on provider sends the browser back to; it signs in and moves on. */
export function registerAuthRoutes(app: FastifyInstance): void {
  app.get(SSO_CALLBACK_PATH, async (req, reply) => {
    req.actor = null;
    const target = await withCallContext(app.deps, req, reply, async (ctx) => {
      const outcome = await ssoCallback(ctx, new URL(req.url, ctx.config.PUBLIC_URL));
      if ('error' in outcome) return `/login?error=${outcome.error}`;
      const result = await complete(ctx, outcome.user, 'single sign-on', undefined);
      return result.type === 'reactivate_account' ? `/pending_delete?will_delete_at=${result.will_delete_at}` : '/';
    });
    return reply.redirect(target);
  });
}
