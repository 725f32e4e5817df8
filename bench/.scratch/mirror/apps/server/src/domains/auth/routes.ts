import { getAuthContext } from '@portal/contract/auth/auth-context';
import { endImpersonation, impersonate } from '@portal/contract/auth/impersonate';
import { login, logout } from '@portal/contract/auth/login';
import { signedIn } from '../../platform/access.ts';
import { handle } from '../../platform/handle.ts';
import * as service from './service.ts';

export const authHandlers = [
  handle(getAuthContext, (_input, ctx) => service.getAuthContext(ctx)),
  handle(login, (input, ctx) => service.login(ctx, input)),
  handle(logout, (_input, ctx) => service.logout(ctx)),
  handle(impersonate, (input, ctx) => service.impersonate(ctx, signedIn(ctx.actor), input.target_id)),
  handle(endImpersonation, (_input, ctx) => service.endImpersonation(ctx, signedIn(ctx.actor))),
];
