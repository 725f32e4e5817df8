import { createUser, deleteUser, listCompanyUsers, patchUser } from '@portal/contract/users/company-users';
import { signedIn } from '../../platform/access.ts';
import { handle } from '../../platform/handle.ts';
import * as service from './company-users.ts';

export const userHandlers = [
  handle(listCompanyUsers, (input, { db, actor }) => service.listUsers(db, signedIn(actor), input.target_company_id)),
  handle(createUser, (input, ctx) => service.createUser(ctx, signedIn(ctx.actor), input)),
  handle(patchUser, (input, { db, clock, actor }) => service.patchUser(db, clock, signedIn(actor), input)),
  handle(deleteUser, (input, { db, clock, actor }) => service.deleteUser(db, clock, signedIn(actor), input)),
];
