import { SECURITY_QUESTION_MESSAGES } from '@portal/contract/security/security-questions';
import { SECURITY_QUESTIONS, SECURITY_QUESTIONS_MAX, SECURITY_QUESTIONS_MIN } from '@portal/contract/shared/security';
import type { CallContext } from '../../platform/context.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { hashSecret, normaliseSecret } from './secrets.ts';

const QUESTION_IDS = new Set<number>(SECURITY_QUESTIONS.map((question) => question.id));

export async function getSecurityQuestions(ctx: CallContext) {
  return {
    questions: SECURITY_QUESTIONS.map((question) => ({ id: question.id, text: question.text })),
    answered_question_ids: await q.answeredQuestionIds(ctx.db, ctx.actor.userId),
  };
}

/** The answers by question id, or the field errors the page shows beside each one. */
function checkResponses(responses: Record<string, string>): Map<number, string> {
  const fields: Record<string, string> = {};
  const answers = new Map<number, string>();
  const seen = new Set<number>();
  const entries = Object.entries(responses);
  if (entries.length < SECURITY_QUESTIONS_MIN) fields.responses = SECURITY_QUESTION_MESSAGES.tooFew;
  if (entries.length > SECURITY_QUESTIONS_MAX) fields.responses = SECURITY_QUESTION_MESSAGES.tooMany;
  for (const [key, answer] of entries) {
    const id = Number(key);
    const field = `responses.${key}`;
    if (!QUESTION_IDS.has(id)) fields[field] = SECURITY_QUESTION_MESSAGES.unknown;
    // '1' and '01' name the same question.
    else if (seen.has(id)) fields[field] = SECURITY_QUESTION_MESSAGES.duplicate;
    else if (answer.trim() === '') fields[field] = SECURITY_QUESTION_MESSAGES.empty;
    else answers.set(id, normaliseSecret(answer));
    seen.add(id);
  }
  if (Object.keys(fields).length) throw badInput(fields);
  return answers;
}

/** Replaces every earlier answer; only hashes of the trimmed, lower-cased answers are kept. */
export async function setSecurityQuestions(ctx: CallContext, { responses }: { responses: Record<string, string> }): Promise<null> {
  const answers = checkResponses(responses);
  const user = await users.findUser(ctx, { userId: ctx.actor.userId });
  if (!user || user.deleted_at) throw notFound();
  const rows: { question_id: number; answer_hash: string }[] = [];
  for (const [questionId, answer] of answers) rows.push({ question_id: questionId, answer_hash: await hashSecret(answer) });
  await q.replaceAnswers(ctx.db, user.id, rows);
  await ctx.audit(user.company_id, `Set security questions (${rows.length} answered)`);
  return null;
}
