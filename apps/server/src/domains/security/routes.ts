import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import { getSecurityQuestions, setSecurityQuestions } from '@portal/contract/security/security-questions';
import { disableTwoFactor, enableTotp, enableWebauthn, getTwoFactor, requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import { handle } from '../../platform/handle.ts';
import * as passphrase from './passphrase.ts';
import * as questions from './questions.ts';
import * as twoFactor from './two-factor.ts';

export const securityHandlers = [
  handle(getTwoFactor, (_input, ctx) => twoFactor.status(ctx), { readOnly: true }),
  handle(enableTotp, (input, ctx) => twoFactor.enableTotp(ctx, input)),
  handle(requestWebauthnChallenge, (_input, ctx) => twoFactor.requestWebauthnChallenge(ctx)),
  handle(enableWebauthn, (input, ctx) => twoFactor.enableWebauthn(ctx, input)),
  handle(disableTwoFactor, (_input, ctx) => twoFactor.disableTwoFactor(ctx)),
  handle(getOrCreatePassphrase, (input, ctx) => passphrase.getOrCreatePassphrase(ctx, input)),
  handle(getSecurityQuestions, (_input, ctx) => questions.getSecurityQuestions(ctx), { readOnly: true }),
  handle(setSecurityQuestions, (input, ctx) => questions.setSecurityQuestions(ctx, input)),
];
