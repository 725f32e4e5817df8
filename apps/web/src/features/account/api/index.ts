import { getAccountSettings, setAccountSettings, setupAccount, type zAccountSettings } from '@portal/contract/account/account-settings';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listSessions, revokeSession, type zActiveSession } from '@portal/contract/auth/sessions';
import type { CallInput } from '@portal/contract/shared/define-call';
import type { TwoFactorMethod } from '@portal/contract/shared/security';
import type { z } from 'zod';
import { defineMutation, defineQuery, invalidateCalls } from '../../../lib/call-hooks';
import { withReauth } from '../../auth/api/reauth';

export type AccountSettings = z.infer<typeof zAccountSettings>;
export type AccountSettingsPatch = CallInput<typeof setAccountSettings>;
export type ActiveSession = z.infer<typeof zActiveSession>;
export type RevokeSessionInput = CallInput<typeof revokeSession>;

const accountSettings = defineQuery(getAccountSettings);
export const accountSettingsQueryOptions = accountSettings.options;
export const useAccountSettings = accountSettings.useQuery;

const sessions = defineQuery(listSessions);
export const sessionsQueryOptions = sessions.options;
export const useSessions = sessions.useQuery;

// The list reloads after a failure too: the session may have ended meanwhile.
export const useRevokeSession = defineMutation(revokeSession, { onSettled: (queryClient) => invalidateCalls(queryClient, [listSessions]) });

const useSaveAccountSettings = defineMutation(setAccountSettings, {
  onSuccess: (queryClient, saved) => queryClient.setQueryData(accountSettingsQueryOptions().queryKey, saved),
  // Name, email, company name and the two-factor rule also appear in the auth context.
  invalidates: [getAuthContext],
});

/** A new email needs a recent sign-in check, so the save may ask for the password (or a code) first. */
export const useSetAccountSettings = (method?: TwoFactorMethod) => useSaveAccountSettings((send) => withReauth(send, { method }));

// has_provided_address_info changes, and route guards read it from the auth context.
export const useSetupAccount = defineMutation(setupAccount, { invalidates: [getAccountSettings, getAuthContext] });
