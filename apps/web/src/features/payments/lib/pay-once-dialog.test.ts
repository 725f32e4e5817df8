import { describe, expect, it } from 'vitest';
import { challengeReport, INITIAL_PAY_ONCE, payOnceReducer } from './pay-once-dialog';

const payment = { target_topup_id: 2, target_card_id: 1, idempotency_key: 'pay-key-1' };
const base = { success: false, message: '', response_text: '', credit_pack_id: null, amount: 0, cost: 0, balance: 0, challenge: null };
const challenged = payOnceReducer(INITIAL_PAY_ONCE, {
  type: 'answered',
  payment,
  answer: { ...base, challenge: { url: 'http://portal.test/sandbox-gateway/challenge?session=tds-1', session: 'tds-1' } },
});

describe('Topup payment dialog states', () => {
  it('goes from init to challenge, checking, then success or fail', () => {
    expect(challenged).toMatchObject({ step: 'challenge', session: 'tds-1', payment, checking: false });
    const checking = payOnceReducer(challenged, { type: 'checking' });
    expect(checking).toMatchObject({ step: 'challenge', checking: true });
    expect(
      payOnceReducer(checking, { type: 'answered', payment, answer: { ...base, success: true, amount: 2000, balance: 2500 } }),
    ).toEqual({
      step: 'success',
      amount: 2000,
      balance: 2500,
    });
    expect(payOnceReducer(checking, { type: 'answered', payment, answer: { ...base, response_text: 'Declined' } })).toEqual({
      step: 'fail',
      response_text: 'Declined',
    });
  });

  it('fails a challenge that could not finish, and ignores that outside one', () => {
    expect(payOnceReducer(challenged, { type: 'challenge_error', response_text: 'No bank' })).toEqual({
      step: 'fail',
      response_text: 'No bank',
    });
    expect(payOnceReducer(INITIAL_PAY_ONCE, { type: 'challenge_error', response_text: 'No bank' })).toBe(INITIAL_PAY_ONCE);
    expect(payOnceReducer(challenged, { type: 'restart' })).toEqual(INITIAL_PAY_ONCE);
  });

  it('takes a report only from the expected origin, shape and session', () => {
    const expected = { origin: 'http://portal.test', session: 'tds-1' };
    const data = { source: 'sandbox-gateway', session: 'tds-1', state: 'passed', response_text: '' };
    expect(challengeReport({ origin: 'http://portal.test', data }, expected)).toEqual(data);
    expect(challengeReport({ origin: 'http://evil.test', data }, expected)).toBeNull();
    expect(challengeReport({ origin: 'http://portal.test', data: { ...data, session: 'tds-2' } }, expected)).toBeNull();
    expect(challengeReport({ origin: 'http://portal.test', data: { ...data, state: 'approved' } }, expected)).toBeNull();
  });
});
