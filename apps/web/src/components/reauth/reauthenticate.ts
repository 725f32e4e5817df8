import { reauthenticate } from '@portal/contract/auth/sessions';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { call } from '../../lib/api-client';

export type ReauthInput = CallInput<typeof reauthenticate>;

/** Proves again who the signed-in user is, with their password or a current authenticator code. */
export function sendReauthentication(input: ReauthInput): Promise<CallOutput<typeof reauthenticate>> {
  return call(reauthenticate, input);
}
