import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { enableWebauthn } from '@portal/contract/security/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { TwoFactorStatus } from './get-two-factor';
import { fetchWebauthnChallenge } from './request-webauthn-challenge';
import { twoFactorChanged } from './two-factor-changed';

export const WEBAUTHN_UNSUPPORTED = 'this browser does not support WebAuthn';

export class WebauthnUnsupportedError extends Error {
  constructor() {
    super(WEBAUTHN_UNSUPPORTED);
  }
}

/** Asks the server for a challenge, lets the browser create the credential, then registers it. */
export async function registerWebauthnDevice(deviceName: string): Promise<TwoFactorStatus> {
  if (!browserSupportsWebAuthn()) throw new WebauthnUnsupportedError();
  const optionsJSON = (await fetchWebauthnChallenge()) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const registration = await startRegistration({ optionsJSON });
  return call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(registration), device_name: deviceName });
}

export function useRegisterWebauthn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerWebauthnDevice, onSuccess: (status) => twoFactorChanged(queryClient, status) });
}
