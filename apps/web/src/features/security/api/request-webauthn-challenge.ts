import { requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import { call } from '../../../lib/api-client';

/** Registration options (PublicKeyCredentialCreationOptionsJSON) for a new security key or passkey. */
export function fetchWebauthnChallenge(): Promise<Record<string, unknown>> {
  return call(requestWebauthnChallenge, {});
}
