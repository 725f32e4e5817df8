import { revokeSession } from '@portal/contract/auth/sessions';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { SESSIONS_KEY } from './list-sessions';

export type RevokeSessionInput = CallInput<typeof revokeSession>;

export function signOutSessions(input: RevokeSessionInput): Promise<{ revoked: number }> {
  return call(revokeSession, input);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
