import type { CompanyUser } from '@portal/contract/companies/company-detail';
import type { Actor } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import * as account from '../account/service.ts';
import * as companies from '../companies/service.ts';
import * as q from './queries.ts';
import { createUserRow, describeUser, hashPassword, userLabel } from './service.ts';

const view = (u: q.UserRow): CompanyUser => ({
  id: u.id,
  contact_name: u.contact_name,
  email: u.email,
  is_primary_contact: u.is_primary_contact,
  is_technical: u.is_technical,
  is_billing: u.is_billing,
});

async function requireLiveCompany(db: Database, actor: Actor, companyId: number, mode: 'read' | 'write') {
  const company = await companies.requireCompany(db, actor, companyId, mode);
  if (mode === 'write' && (company.current_state === 'DELETED' || company.current_state === 'MIGRATED')) {
    throw new AppError(400, 'This company has been deleted and cannot be changed');
  }
  return company;
}

async function requireMember(db: Database, companyId: number, userId: number) {
  const user = await q.findUser(db, userId);
  if (!user || user.company_id !== companyId || user.deleted_at) throw notFound('User not found');
  return user;
}

async function refuseTakenEmail(db: Database, email: string, exceptUserId?: number) {
  const other = await q.findActiveUserByEmail(db, email);
  if (other && other.id !== exceptUserId) throw badInput({ target_email: 'A user with this email already exists' });
}

export async function listUsers(db: Database, actor: Actor, companyId: number | undefined) {
  const company = await requireLiveCompany(db, actor, companyId ?? actor.companyId, 'read');
  return (await q.listActiveUsers(db, company.id)).map(view);
}

export async function createUser(
  ctx: CallContext,
  actor: Actor,
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
  const { db, clock } = ctx;
  const company = await requireLiveCompany(db, actor, input.target_company_id, 'write');
  await refuseTakenEmail(db, input.target_email);
  const user = await createUserRow(db, clock, {
    company_id: company.id,
    email: input.target_email,
    contact_name: input.target_contact_name,
    password: input.target_password,
    is_billing: input.target_is_billing,
    is_technical: input.target_is_technical,
    staff_role: company.company_type === 'admin' ? 'support' : null,
  });
  await companies.addEvent(db, clock, company.id, await describeUser(db, actor.userId), `Added user ${userLabel(user)}`);
  if (input.send_verification_email) await account.sendVerificationMail(ctx, user);
  return { id: user.id };
}

export async function patchUser(
  db: Database,
  clock: Clock,
  actor: Actor,
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
  const company = await requireLiveCompany(db, actor, input.target_company_id, 'write');
  const user = await requireMember(db, company.id, input.target_id);
  if (input.target_email !== undefined) await refuseTakenEmail(db, input.target_email, user.id);
  const changes: Partial<q.NewUser> = {};
  if (input.target_contact_name !== undefined) changes.contact_name = input.target_contact_name;
  if (input.target_email !== undefined) changes.email = input.target_email;
  if (input.target_is_billing !== undefined) changes.is_billing = input.target_is_billing;
  if (input.target_is_technical !== undefined) changes.is_technical = input.target_is_technical;
  if (input.target_password !== undefined) changes.password_hash = await hashPassword(input.target_password);
  await q.updateUser(db, user.id, changes);
  if (user.is_primary_contact && changes.email) await companies.setPrimaryEmail(db, company.id, changes.email);
  const what = Object.keys(changes).map((k) => (k === 'password_hash' ? 'password' : k));
  if (what.length)
    await companies.addEvent(
      db,
      clock,
      company.id,
      await describeUser(db, actor.userId),
      `Changed user ${userLabel(user)}: ${what.join(', ')}`,
    );
  return null;
}

export async function deleteUser(db: Database, clock: Clock, actor: Actor, input: { target_company_id: number; target_id: number }) {
  const company = await requireLiveCompany(db, actor, input.target_company_id, 'write');
  const user = await requireMember(db, company.id, input.target_id);
  if (user.is_primary_contact) throw new AppError(400, 'The primary contact cannot be deleted');
  if (user.id === actor.userId) throw new AppError(400, 'You cannot delete yourself');
  await q.updateUser(db, user.id, { deleted_at: clock.now() });
  await companies.addEvent(db, clock, company.id, await describeUser(db, actor.userId), `Deleted user ${userLabel(user)}`);
  return null;
}
