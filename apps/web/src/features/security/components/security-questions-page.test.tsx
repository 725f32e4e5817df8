import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getSecurityQuestions, setSecurityQuestions } from '@portal/contract/security/security-questions';
import { SECURITY_QUESTION_MESSAGES } from '@portal/contract/security/security-questions';
import { SECURITY_QUESTIONS } from '@portal/contract/shared/security';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeHandler, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const AUTH = getAuthContext;
const GET = getSecurityQuestions;
const SET = setSecurityQuestions;
const QUESTIONS = SECURITY_QUESTIONS.map(({ id, text }) => ({ id, text }));

function open(answered: number[] = [], set: FakeHandler<typeof setSecurityQuestions> = () => null) {
  return renderApp('/security_questions', [
    on(AUTH, () => authContext()),
    on(GET, () => ({ questions: QUESTIONS, answered_question_ids: answered })),
    on(SET, set),
  ]);
}

function textInputs(label: string): HTMLInputElement[] {
  return screen.getAllByLabelText(label).filter((element): element is HTMLInputElement => element.tagName === 'INPUT');
}

async function choose(index: number, questionText: string) {
  await screen.findAllByText(/^Question \d$/);
  const select = textInputs('Question')[index];
  if (!select) throw new Error(`no question ${index}`);
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: questionText }));
}

const question = (id: number) => SECURITY_QUESTIONS.find((item) => item.id === id)?.text ?? '';

describe('/security_questions', () => {
  it('starts with three rows, all eleven questions on offer, and Save disabled', async () => {
    await open();
    expect(await screen.findByText('You have not answered any security questions yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Security questions' })).toBeTruthy();
    expect(document.title).toBe('Security questions · Backup Portal');
    expect(textInputs('Question')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await userEvent.click(textInputs('Question')[0] as HTMLInputElement);
    expect(await screen.findAllByRole('option')).toHaveLength(11);
  });

  it('saves three different answered questions', async () => {
    const { api } = await open();
    await choose(0, question(1));
    await choose(1, question(2));
    await choose(2, question(3));
    const answers = textInputs('Answer');
    await userEvent.type(answers[0] as HTMLInputElement, 'Rex');
    await userEvent.type(answers[1] as HTMLInputElement, ' Auckland ');
    await userEvent.type(answers[2] as HTMLInputElement, 'Hillcrest');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your security questions have been saved.')).toBeTruthy();
    expect(api.callsTo(SET)[0]?.body).toEqual({ responses: { '1': 'Rex', '2': 'Auckland', '3': 'Hillcrest' } });
  });

  it('flags a repeated question at once and an emptied answer, with the spec messages', async () => {
    await open();
    await choose(0, question(4));
    await choose(1, question(4));
    expect(await screen.findByText(SECURITY_QUESTION_MESSAGES.duplicate)).toBeTruthy();
    const answer = textInputs('Answer')[0] as HTMLInputElement;
    await userEvent.type(answer, 'x');
    await userEvent.clear(answer);
    expect(await screen.findByText(SECURITY_QUESTION_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('adds a fourth row but no fifth, and removes rows down to three', async () => {
    await open();
    await screen.findByText('You have not answered any security questions yet.');
    const add = screen.getByRole('button', { name: 'Add question' });
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toHaveProperty('disabled', true);
    await userEvent.click(add);
    expect(textInputs('Question')).toHaveLength(4);
    expect(add).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(textInputs('Question')).toHaveLength(3);
    expect(add).toHaveProperty('disabled', false);
  });

  it('lists the questions already answered and starts from them', async () => {
    await open([2, 5, 7]);
    const list = await screen.findByRole('list', { name: 'Answered questions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([question(2), question(5), question(7)]);
    await waitFor(() => expect(textInputs('Question').map((input) => input.value)).toEqual([question(2), question(5), question(7)]));
  });

  it("shows the server's refusal", async () => {
    await open([1, 2, 3], () => ({
      error: { code: 400, message: 'Please check the highlighted fields', fields: { responses: SECURITY_QUESTION_MESSAGES.duplicate } },
    }));
    await screen.findByRole('list', { name: 'Answered questions' });
    for (const [index, answer] of ['a', 'b', 'c'].entries()) await userEvent.type(textInputs('Answer')[index] as HTMLInputElement, answer);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${SECURITY_QUESTION_MESSAGES.duplicate}`);
  });
});
