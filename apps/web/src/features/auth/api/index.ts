import { changePassword, forgotPassword, getBotChallenge, resendVerificationEmail, resetPassword } from '@portal/contract/account/password';
import { endImpersonation } from '@portal/contract/auth/impersonate';
import { listSessions, reauthenticate } from '@portal/contract/auth/sessions';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { call } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/call-hooks';
import { setSignedIn } from './session';

export {
  AUTH_QUERY_KEY,
  authContextQueryOptions,
  type LoginInput,
  type LoginResult,
  setSignedIn,
  useAuthContext,
  useLogin,
  useLogout,
} from './session';

/** Returns to the admin who started impersonating; the answer is the admin's auth context. */
export const useEndImpersonation = defineMutation(endImpersonation, { onSuccess: (queryClient, admin) => setSignedIn(queryClient, admin) });

export const useForgotPassword = defineMutation(forgotPassword);

/** The spec's words for a changed or reset password. */
export const PASSWORD_CHANGED = 'Your password has been changed.';

/** Changes the signed-in user's password; this session stays, the user's other sessions end. */
export const useChangePassword = defineMutation(changePassword, { invalidates: [listSessions] });

// A reset ends every session of the user, this browser's included.
export const useResetPassword = defineMutation(resetPassword, { onSuccess: (queryClient) => setSignedIn(queryClient, null) });

export const useResendVerificationEmail = defineMutation(resendVerificationEmail);

/**
 * Proves again who the signed-in user is, with their password or a current authenticator code. A plain
 * call, not a mutation: a wrong password answers 401, which from any mutation or query means the session
 * has ended (app/query-client.ts), and this one has not.
 */
export function sendReauthentication(input: CallInput<typeof reauthenticate>): Promise<CallOutput<typeof reauthenticate>> {
  return call(reauthenticate, input);
}

/**
 * The challenge as the ALTCHA widget expects its fetch to answer: a plain JSON response. Not cached: the
 * server accepts each challenge once. The widget fetches by GET; our call is a POST under the CSRF rules
 * of every call, so the widget gets this instead.
 */
export async function fetchBotChallengeResponse(): Promise<Response> {
  return Response.json(await call(getBotChallenge, {}));
}
