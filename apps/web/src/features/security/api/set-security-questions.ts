import { setSecurityQuestions } from '@portal/contract/security/security-questions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { SECURITY_QUESTIONS_KEY } from './get-security-questions';

/** Question id (as text) to answer; replaces every earlier answer. */
export type SecurityResponses = Record<string, string>;

export function sendSecurityQuestions(responses: SecurityResponses): Promise<null> {
  return call(setSecurityQuestions, { responses });
}

export function useSetSecurityQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSecurityQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SECURITY_QUESTIONS_KEY }),
  });
}
