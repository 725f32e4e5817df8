import { getAuthContext } from '@portal/contract/auth/auth-context';
import { endImpersonation, impersonate } from '@portal/contract/auth/impersonate';
import { login, logout } from '@portal/contract/auth/login';
import { forgotPassword, getBotChallenge, resetPassword } from '@portal/contract/account/password';
import { listSessions, reauthenticate, revokeSession } from '@portal/contract/auth/sessions';
import { getCompanySso, setCompanySso } from '@portal/contract/auth/sso';
import { type RedirectRoute, handle } from '../../platform/handle.ts';
import { newBotChallenge } from './bot-challenge.ts';
import { countLoginAttempt, login as signIn } from './login.ts';
import * as password from './password.ts';
import * as service from './service.ts';
import * as sessions from './sessions.ts';
import { SSO_CALLBACK_PATH, getSso, setSso } from './sso.ts';

export const authHandlers = [
  handle(getAuthContext, (_input, ctx) => service.getAuthContext(ctx), { readOnly: true }),
  handle(login, (input, ctx) => signIn(ctx, input), { before: (input, ctx) => countLoginAttempt(ctx, input) }),
  handle(logout, (_input, ctx) => service.logout(ctx)),
  handle(impersonate, (input, ctx) => service.impersonate(ctx, input)),
  handle(endImpersonation, (_input, ctx) => service.endImpersonation(ctx)),
  handle(listSessions, (_input, ctx) => sessions.listSessions(ctx), { readOnly: true }),
  handle(revokeSession, (input, ctx) => sessions.revoke(ctx, input)),
  handle(reauthenticate, (input, ctx) => sessions.reauth(ctx, input), { before: (input, ctx) => sessions.countReauthAttempt(ctx, input) }),
  handle(getCompanySso, (input, ctx) => getSso(ctx, input), { readOnly: true }),
  handle(setCompanySso, (input, ctx) => setSso(ctx, input)),
  handle(getBotChallenge, (_input, ctx) => newBotChallenge(ctx.config, ctx.clock.now()), { readOnly: true }),
  handle(forgotPassword, (input, ctx) => password.forgotPassword(ctx, input)),
  handle(resetPassword, (input, ctx) => password.resetPassword(ctx, input)),
];

/** The page the single sign-on provider sends the browser back to; it signs in and moves on. */
export const authRedirects: RedirectRoute[] = [{ path: SSO_CALLBACK_PATH, run: (url, ctx) => service.finishSso(ctx, { url }) }];
