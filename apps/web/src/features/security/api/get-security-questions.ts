import { getSecurityQuestions } from '@portal/contract/security/security-questions';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type SecurityQuestions = CallOutput<typeof getSecurityQuestions>;

export const SECURITY_QUESTIONS_KEY = [getSecurityQuestions.path] as const;

export function fetchSecurityQuestions(signal?: AbortSignal): Promise<SecurityQuestions> {
  return call(getSecurityQuestions, {}, { signal });
}

export function securityQuestionsQueryOptions() {
  return queryOptions({ queryKey: SECURITY_QUESTIONS_KEY, queryFn: ({ signal }) => fetchSecurityQuestions(signal) });
}

export function useSecurityQuestions() {
  return useQuery(securityQuestionsQueryOptions());
}
