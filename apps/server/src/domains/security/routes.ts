import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import { getSecurityQuestions, setSecurityQuestions } from '@portal/contract/security/security-questions';
import { disableTwoFactor, enableTotp, enableWebauthn, getTwoFactor, requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import { actingAsSelf, signedIn } from '../../platform/access.ts';
import { handle } from '../../platform/handle.ts';
import * as passphrase from './passphrase.ts';
import * as questions from './questions.ts';
import * as twoFactor from './two-factor.ts';

export const securityHandlers = [
  handle(getTwoFactor, (_input, { db, actor }) => twoFactor.status(db, signedIn(actor).userId), { readOnly: true }),
  handle(enableTotp, (input, ctx) => twoFactor.enableTotp(ctx, actingAsSelf(ctx.actor), input)),
  handle(requestWebauthnChallenge, (_input, ctx) => twoFactor.requestWebauthnChallenge(ctx, actingAsSelf(ctx.actor))),
  handle(enableWebauthn, (input, ctx) => twoFactor.enableWebauthn(ctx, actingAsSelf(ctx.actor), input)),
  handle(disableTwoFactor, (_input, ctx) => twoFactor.disableTwoFactor(ctx, actingAsSelf(ctx.actor))),
  handle(getOrCreatePassphrase, (input, ctx) => passphrase.getOrCreatePassphrase(ctx, actingAsSelf(ctx.actor), input.regenerate)),
  handle(getSecurityQuestions, (_input, { db, actor }) => questions.getSecurityQuestions(db, signedIn(actor)), { readOnly: true }),
  handle(setSecurityQuestions, (input, ctx) => questions.setSecurityQuestions(ctx, actingAsSelf(ctx.actor), input.responses)),
];
