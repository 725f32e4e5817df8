import { getAccountSettings, setAccountSettings, setupAccount } from '@portal/contract/account/account-settings';
import { changePassword, forgotPassword, getBotChallenge, resendVerificationEmail, resetPassword } from '@portal/contract/account/password';
import { handle } from '../../platform/handle.ts';
import { newBotChallenge } from './bot-challenge.ts';
import * as password from './password.ts';
import * as settings from './settings.ts';

export const accountHandlers = [
  handle(getBotChallenge, (_input, { config, clock }) => newBotChallenge(config, clock), { readOnly: true }),
  handle(forgotPassword, (input, ctx) => password.forgotPassword(ctx, input)),
  handle(resetPassword, (input, ctx) => password.resetPassword(ctx, input)),
  handle(changePassword, (input, ctx) => password.changePassword(ctx, input)),
  handle(resendVerificationEmail, (_input, ctx) => password.resendVerificationEmail(ctx)),
  handle(getAccountSettings, (_input, ctx) => settings.getAccountSettings(ctx), { readOnly: true }),
  handle(setAccountSettings, (input, ctx) => settings.setAccountSettings(ctx, input)),
  handle(setupAccount, (input, ctx) => settings.setupAccount(ctx, input)),
];
