import { getAccountSettings, setAccountSettings } from '@portal/contract/account/account-settings';
import { changePassword, resendVerificationEmail } from '@portal/contract/account/password';
import { createUser, deleteUser, listCompanyUsers, patchUser } from '@portal/contract/users/company-users';
import { handle } from '../../platform/handle.ts';
import * as companyUsers from './company-users.ts';
import * as password from './password.ts';
import * as settings from './settings.ts';

export const accountHandlers = [
  handle(changePassword, (input, ctx) => password.changePassword(ctx, input)),
  handle(resendVerificationEmail, (_input, ctx) => password.resendVerificationEmail(ctx)),
  handle(getAccountSettings, (_input, ctx) => settings.getAccountSettings(ctx), { readOnly: true }),
  handle(setAccountSettings, (input, ctx) => settings.setAccountSettings(ctx, input)),
  handle(listCompanyUsers, (input, ctx) => companyUsers.listUsers(ctx, input)),
  handle(createUser, (input, ctx) => companyUsers.createUser(ctx, input)),
  handle(patchUser, (input, ctx) => companyUsers.patchUser(ctx, input)),
  handle(deleteUser, (input, ctx) => companyUsers.deleteUser(ctx, input)),
];
