import { setAccountSettings } from '@portal/contract/account/account-settings';
import type { CallInput } from '@portal/contract/shared/define-call';
import type { TwoFactorMethod } from '@portal/contract/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withReauth } from '../../../components/reauth/with-reauth';
import { call } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/auth-session';
import { ACCOUNT_SETTINGS_KEY, type AccountSettings } from './get-account-settings';

export type AccountSettingsPatch = CallInput<typeof setAccountSettings>;

/** A new email needs a recent sign-in check, so the save may ask for the password first. */
export function saveAccountSettings(patch: AccountSettingsPatch, method?: TwoFactorMethod): Promise<AccountSettings> {
  return withReauth(() => call(setAccountSettings, patch), { method });
}

export function useSetAccountSettings(method?: TwoFactorMethod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AccountSettingsPatch) => saveAccountSettings(patch, method),
    onSuccess: (saved) => {
      queryClient.setQueryData(ACCOUNT_SETTINGS_KEY, saved);
      // Name, email, company name and the two-factor rule also appear in the auth context.
      void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    },
  });
}
