import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { TwoFactorMethod } from '@portal/contract/shared/security';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withReauth } from '../../../components/reauth/with-reauth';
import { call } from '../../../lib/api-client';

export type Passphrase = CallOutput<typeof getOrCreatePassphrase>;

export const PASSPHRASE_KEY = [getOrCreatePassphrase.path] as const;

export function fetchPassphrase(signal?: AbortSignal): Promise<Passphrase> {
  return call(getOrCreatePassphrase, { regenerate: false }, { signal });
}

export function passphraseQueryOptions() {
  return queryOptions({
    queryKey: PASSPHRASE_KEY,
    queryFn: ({ signal }) => fetchPassphrase(signal),
    // A new passphrase is in this one answer only: never refetch it away, and forget it once the page closes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePassphrase() {
  return useQuery(passphraseQueryOptions());
}

/** Replacing the passphrase needs a recent sign-in check. */
export function regeneratePassphrase(method?: TwoFactorMethod): Promise<Passphrase> {
  return withReauth(() => call(getOrCreatePassphrase, { regenerate: true }), { method });
}

export function useRegeneratePassphrase(method?: TwoFactorMethod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regeneratePassphrase(method),
    onSuccess: (created) => queryClient.setQueryData(PASSPHRASE_KEY, created),
  });
}
