import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import { getSecurityQuestions, setSecurityQuestions } from '@portal/contract/security/security-questions';
import {
  disableTwoFactor,
  enableTotp,
  enableWebauthn,
  getTwoFactor,
  requestWebauthnChallenge,
  type zTwoFactorStatus,
} from '@portal/contract/security/two-factor';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { TwoFactorMethod } from '@portal/contract/shared/security';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { defineMutation, defineQuery, invalidateCalls } from '../../../lib/call-hooks';
import { withReauth } from '../../auth/api/reauth';

export type TwoFactorStatus = z.infer<typeof zTwoFactorStatus>;
export type Passphrase = CallOutput<typeof getOrCreatePassphrase>;
export type SecurityQuestions = CallOutput<typeof getSecurityQuestions>;

const twoFactor = defineQuery(getTwoFactor);
export const twoFactorQueryOptions = twoFactor.options;
export const useTwoFactor = twoFactor.useQuery;

/** Every two-factor change answers with the new status; the auth context's setup rule may change too. */
function twoFactorChanged(queryClient: QueryClient, status: TwoFactorStatus): Promise<void> {
  queryClient.setQueryData(twoFactorQueryOptions().queryKey, status);
  return invalidateCalls(queryClient, [getAuthContext]);
}

export const useEnableTotp = defineMutation(enableTotp, { onSuccess: twoFactorChanged });

const useDisable = defineMutation(disableTwoFactor, { onSuccess: twoFactorChanged });
/** Needs a recent sign-in check, so it may ask for the password or a code first. */
export const useDisableTwoFactor = (method: TwoFactorMethod) => useDisable((send) => withReauth(send, { method }));

export class WebauthnUnsupportedError extends Error {
  constructor() {
    super('this browser does not support WebAuthn');
  }
}

/** Asks the server for a challenge, lets the browser create the credential, then registers it. */
async function registerWebauthnDevice(deviceName: string): Promise<TwoFactorStatus> {
  // Loaded only when a key is added.
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new WebauthnUnsupportedError();
  const optionsJSON = (await call(requestWebauthnChallenge, {})) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const registration = await startRegistration({ optionsJSON });
  return call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(registration), device_name: deviceName });
}

/** Two calls around the browser's own prompt, so not one defineMutation. */
export function useRegisterWebauthn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerWebauthnDevice, onSuccess: (status) => twoFactorChanged(queryClient, status) });
}

const passphrase = defineQuery(getOrCreatePassphrase, {
  // A new passphrase is in this one answer only: never refetch it away, and forget it once the page closes.
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
const passphraseQueryOptions = () => passphrase.options({ regenerate: false });
export const usePassphrase = () => passphrase.useQuery({ regenerate: false });

const useRegenerate = defineMutation(getOrCreatePassphrase, {
  onSuccess: (queryClient, created) => queryClient.setQueryData(passphraseQueryOptions().queryKey, created),
});
/** Replacing the passphrase needs a recent sign-in check. */
export const useRegeneratePassphrase = (method?: TwoFactorMethod) => useRegenerate((send) => withReauth(send, { method }));

const securityQuestions = defineQuery(getSecurityQuestions);
export const securityQuestionsQueryOptions = securityQuestions.options;
export const useSecurityQuestions = securityQuestions.useQuery;

export const useSetSecurityQuestions = defineMutation(setSecurityQuestions, { invalidates: [getSecurityQuestions] });
