import { SECURITY_QUESTION_MESSAGES } from '@portal/contract/security/security-questions';
import { SECURITY_QUESTIONS_MAX, SECURITY_QUESTIONS_MIN } from '@portal/contract/shared/security';

export interface QuestionRow {
  /** Stable React key; rows can be removed from the middle. */
  key: number;
  questionId: string | null;
  answer: string;
}

export interface RowErrors {
  question?: string;
  answer?: string;
}

export interface QuestionsValidation {
  rows: RowErrors[];
  form: string | null;
  valid: boolean;
}

let nextKey = 0;

export function newRow(questionId: string | null = null): QuestionRow {
  nextKey += 1;
  return { key: nextKey, questionId, answer: '' };
}

/** The saved questions first (their answers must be typed again: a save replaces them all), then empty rows up to 3. */
export function initialRows(answeredIds: readonly number[]): QuestionRow[] {
  const rows = answeredIds.slice(0, SECURITY_QUESTIONS_MAX).map((id) => newRow(String(id)));
  while (rows.length < SECURITY_QUESTIONS_MIN) rows.push(newRow());
  return rows;
}

/** The contract's rules and messages: 3 to 4 rows, a listed question each, no repeats, every answer filled. */
export function validateQuestions(rows: readonly QuestionRow[]): QuestionsValidation {
  const seen = new Set<string>();
  const rowErrors = rows.map((row): RowErrors => {
    const errors: RowErrors = {};
    if (row.questionId === null) errors.question = SECURITY_QUESTION_MESSAGES.unknown;
    else if (seen.has(row.questionId)) errors.question = SECURITY_QUESTION_MESSAGES.duplicate;
    if (row.questionId !== null) seen.add(row.questionId);
    if (row.answer.trim() === '') errors.answer = SECURITY_QUESTION_MESSAGES.empty;
    return errors;
  });
  let form: string | null = null;
  if (rows.length < SECURITY_QUESTIONS_MIN) form = SECURITY_QUESTION_MESSAGES.tooFew;
  else if (rows.length > SECURITY_QUESTIONS_MAX) form = SECURITY_QUESTION_MESSAGES.tooMany;
  const valid = form === null && rowErrors.every((errors) => errors.question === undefined && errors.answer === undefined);
  return { rows: rowErrors, form, valid };
}

export function responsesOf(rows: readonly QuestionRow[]): Record<string, string> {
  const responses: Record<string, string> = {};
  for (const row of rows) if (row.questionId !== null) responses[row.questionId] = row.answer.trim();
  return responses;
}
