import { login } from '@portal/contract/auth/login';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { AUTH_QUERY_KEY, setSignedIn } from '../../../lib/auth-session';

export type LoginInput = CallInput<typeof login>;
export type LoginResult = CallOutput<typeof login>;

export function loginStep(input: LoginInput): Promise<LoginResult> {
  return call(login, input);
}

/** One step of the login form; a finished login replaces the cached auth context. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginStep,
    onSuccess: (result) => {
      if ((result.type === 'ok' || result.type === 'reactivate_account') && result.auth_context) {
        // A pending-delete company's user is signed in too, so that Reactivate can act for them.
        setSignedIn(queryClient, result.auth_context);
      } else if (result.type === 'reactivate_account') {
        void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
      }
    },
  });
}
