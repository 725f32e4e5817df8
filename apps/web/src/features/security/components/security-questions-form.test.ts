import { SECURITY_QUESTION_MESSAGES } from '@portal/contract/security/security-questions';
import { describe, expect, it } from 'vitest';
import { initialRows, newRow, type QuestionRow, responsesOf, validateQuestions } from './security-questions-form';

const row = (questionId: string | null, answer: string): QuestionRow => ({ ...newRow(questionId), answer });

describe('initialRows', () => {
  it('starts with the saved questions, padded to three', () => {
    expect(initialRows([]).map((r) => r.questionId)).toEqual([null, null, null]);
    expect(initialRows([4, 2]).map((r) => r.questionId)).toEqual(['4', '2', null]);
    expect(initialRows([1, 2, 3, 4]).map((r) => r.questionId)).toEqual(['1', '2', '3', '4']);
  });
});

describe('validateQuestions', () => {
  it('accepts three different answered questions', () => {
    expect(validateQuestions([row('1', 'Rex'), row('2', 'Auckland'), row('3', 'Hillcrest')]).valid).toBe(true);
  });

  it('flags repeats, empty answers and unchosen questions with the contract messages', () => {
    const result = validateQuestions([row('1', 'Rex'), row('1', ' '), row(null, 'x')]);
    expect(result.valid).toBe(false);
    expect(result.rows).toEqual([
      {},
      { question: SECURITY_QUESTION_MESSAGES.duplicate, answer: SECURITY_QUESTION_MESSAGES.empty },
      { question: SECURITY_QUESTION_MESSAGES.unknown },
    ]);
  });

  it('needs three to four rows', () => {
    expect(validateQuestions([row('1', 'a'), row('2', 'b')]).form).toBe(SECURITY_QUESTION_MESSAGES.tooFew);
    const five = ['1', '2', '3', '4', '5'].map((id) => row(id, 'a'));
    expect(validateQuestions(five).form).toBe(SECURITY_QUESTION_MESSAGES.tooMany);
  });
});

describe('responsesOf', () => {
  it('maps question ids to trimmed answers', () => {
    expect(responsesOf([row('1', ' Rex '), row('7', 'Bo')])).toEqual({ '1': 'Rex', '7': 'Bo' });
  });
});
