import { changePassword, forgotPassword, getBotChallenge, resendVerificationEmail, resetPassword } from '@portal/contract/account/password';
import { type AuthContext, getAuthContext } from '@portal/contract/auth/auth-context';
import { endImpersonation } from '@portal/contract/auth/impersonate';
import { login, logout } from '@portal/contract/auth/login';
import { listSessions, reauthenticate } from '@portal/contract/auth/sessions';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { defineMutation, defineQuery, invalidateCalls } from '../../../lib/call-hooks';

/** The signed-in user and company, or null when signed out. */
const authContext = defineQuery(getAuthContext, {
  // Route guards read this on every navigation; a minute keeps them instant while focus refetches catch expiry.
  staleTime: 60_000,
});
export const authContextQueryOptions = authContext.options;
export const useAuthContext = authContext.useQuery;
export const AUTH_QUERY_KEY = authContextQueryOptions().queryKey;

/**
 * Records a sign-in, sign-out or impersonation switch. Every other cached query belonged to the
 * previous identity, so it is dropped rather than shown to the new one.
 */
export function setSignedIn(queryClient: QueryClient, auth: AuthContext | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== getAuthContext.path });
  queryClient.setQueryData(AUTH_QUERY_KEY, auth);
  void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
}

export type LoginInput = CallInput<typeof login>;
export type LoginResult = CallOutput<typeof login>;

/** One step of the login form; a finished login replaces the cached auth context. */
export const useLogin = defineMutation(login, {
  onSuccess: (queryClient, result) => {
    if ((result.type === 'ok' || result.type === 'reactivate_account') && result.auth_context) {
      // A pending-delete company's user is signed in too, so that Reactivate can act for them.
      setSignedIn(queryClient, result.auth_context);
    } else if (result.type === 'reactivate_account') {
      void invalidateCalls(queryClient, [getAuthContext]);
    }
  },
});

// Even if the server call fails (e.g. the session had already expired) the user asked to leave.
export const useLogout = defineMutation(logout, { onSettled: (queryClient) => setSignedIn(queryClient, null) });

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
