import { userLabel } from '@portal/contract/shared/user-label';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as auth from '../auth/service.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import { changeEmail, mayChangeSignIn, newEmailOf, requireMayChangeSignIn } from './sign-in.ts';

async function requireMember(ctx: CallContext, companyId: number, userId: number) {
  const user = await users.findUser(ctx, { userId });
  if (!user || user.company_id !== companyId || user.deleted_at) throw notFound('User not found');
  return user;
}

export async function listUsers(ctx: CallContext, input: { target_company_id?: number }) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_company_id ?? ctx.actor.companyId, mode: 'read' });
  const rows = await users.listActiveUsers(ctx, { companyId: company.id });
  const mayChange = mayChangeSignIn(ctx.actor, rows);
  return rows.map((u) => ({ ...users.companyUserView(ctx, { user: u }), can_change_sign_in: mayChange(u) }));
}

export async function createUser(
  ctx: CallContext,
  input: {
    target_company_id: number;
    target_contact_name: string;
    target_email: string;
    target_password: string;
    send_verification_email: boolean;
    target_is_billing: boolean;
    target_is_technical: boolean;
  },
) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_company_id, mode: 'write' });
  const user = await users.createUser(ctx, {
    company_id: company.id,
    email: input.target_email,
    contact_name: input.target_contact_name,
    password: input.target_password,
    is_billing: input.target_is_billing,
    is_technical: input.target_is_technical,
    staff_role: company.company_type === 'admin' ? 'support' : null,
  });
  await ctx.audit(company.id, `Added user ${userLabel(user)}`);
  if (input.send_verification_email) await notifications.sendVerificationMail(ctx, user);
  return { id: user.id };
}

export async function patchUser(
  ctx: CallContext,
  input: {
    target_company_id: number;
    target_id: number;
    target_contact_name?: string;
    target_email?: string;
    target_password?: string;
    target_is_billing?: boolean;
    target_is_technical?: boolean;
  },
) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_company_id, mode: 'write' });
  const user = await requireMember(ctx, company.id, input.target_id);
  const newEmail = newEmailOf(user, input.target_email);
  if (newEmail !== null || input.target_password !== undefined) await requireMayChangeSignIn(ctx, company.id, user);

  const profile: users.Profile = {};
  if (input.target_contact_name !== undefined) profile.contact_name = input.target_contact_name;
  if (input.target_is_billing !== undefined) profile.is_billing = input.target_is_billing;
  if (input.target_is_technical !== undefined) profile.is_technical = input.target_is_technical;
  await users.updateProfile(ctx, { userId: user.id, profile });
  const what = ['contact_name', 'is_billing', 'is_technical'].filter(
    (field) => input[`target_${field}` as keyof typeof input] !== undefined,
  );
  if (newEmail !== null) {
    await changeEmail(ctx, { ...user, ...profile }, newEmail, 'target_email');
    what.push(`email (to ${newEmail}; verification mail sent)`);
  }
  if (input.target_password !== undefined) {
    await users.setPassword(ctx, { userId: user.id, password: input.target_password, field: 'target_password' });
    // Whoever held a session of the user before no longer does; one's own change keeps the session it came from.
    const ended = await auth.endSessions(ctx, {
      userId: user.id,
      exceptSessionId: user.id === ctx.actor.userId ? ctx.actor.sessionId : undefined,
    });
    what.push(`password (${ended} session${ended === 1 ? '' : 's'} signed out)`);
  }
  if (what.length) await ctx.audit(company.id, `Changed user ${userLabel(user)}: ${what.join(', ')}`);
  return null;
}

export async function deleteUser(ctx: CallContext, input: { target_company_id: number; target_id: number }) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: input.target_company_id, mode: 'write' });
  const user = await requireMember(ctx, company.id, input.target_id);
  if (user.is_primary_contact) throw new AppError(400, 'The primary contact cannot be deleted');
  if (user.id === ctx.actor.userId) throw new AppError(400, 'You cannot delete yourself');
  await users.markDeleted(ctx, { userId: user.id, at: ctx.clock.now() });
  await ctx.audit(company.id, `Deleted user ${userLabel(user)}`);
  return null;
}
