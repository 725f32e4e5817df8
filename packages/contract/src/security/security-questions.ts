import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';

/** The spec's messages (§5), plus one for an id outside the list. */
export const SECURITY_QUESTION_MESSAGES = {
  tooFew: 'At least 3 questions are required',
  tooMany: 'At most 4 questions are allowed',
  empty: 'Answer cannot be empty',
  unknown: 'Please choose a question from the list',
  duplicate: 'All questions must be unique',
} as const;

export const getSecurityQuestions = defineCall({
  path: '/api/v1/user/security-questions/get',
  summary: 'The questions on offer and which ones the user has answered (answers are never returned).',
  input: z.object({}),
  output: z.object({
    questions: z.array(z.object({ id: z.number().int(), text: z.string() })),
    answered_question_ids: z.array(z.number().int()),
  }),
  access: { roles: ['any'], beforeTwoFactorSetup: true },
});

export const setSecurityQuestions = defineCall({
  path: '/api/v1/user/set_security_questions',
  summary: 'Replace the answers: 3 to 4 different questions, each answered; stored hashed.',
  input: z.object({
    /** Question id to answer. */
    responses: z.record(z.string().regex(/^\d{1,2}$/, { error: SECURITY_QUESTION_MESSAGES.unknown }), z.string().max(200)),
  }),
  output: z.null(),
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
  example: { responses: { '1': 'Rex', '2': 'Auckland', '3': 'Hillcrest' } },
});
