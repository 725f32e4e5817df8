import { setupAccount } from '@portal/contract/account/account-settings';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/auth-session';
import { ACCOUNT_SETTINGS_KEY } from './get-account-settings';

export type SignupDetails = CallInput<typeof setupAccount>;

export function sendSignupDetails(details: SignupDetails): Promise<null> {
  return call(setupAccount, details);
}

export function useSetupAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSignupDetails,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_SETTINGS_KEY });
      // has_provided_address_info changes, and route guards read it.
      await queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    },
  });
}
