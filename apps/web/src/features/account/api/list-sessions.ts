import { listSessions, type zActiveSession } from '@portal/contract/auth/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

export type ActiveSession = z.infer<typeof zActiveSession>;

export const SESSIONS_KEY = [listSessions.path] as const;

export function fetchSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  return call(listSessions, {}, { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => fetchSessions(signal) });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
