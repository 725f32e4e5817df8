import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { GatewayTimeout } from './gateway.ts';
import { luhnValid, MemorySandboxStore, SANDBOX_TEST_CARDS, SandboxGateway } from './sandbox.ts';

const NOW = new Date('2026-11-21T00:00:00Z');

function sandbox() {
  const store = new MemorySandboxStore();
  const clock = fixedClock(NOW);
  const gateway = new SandboxGateway(store, clock, 'http://portal.test');
  return { store, clock, gateway };
}

async function tokenize(g: SandboxGateway, number: string, expiry = '12/30') {
  const session = await g.createSession({ reference: 'c1', parent_origin: 'http://portal.test' });
  const answer = await g.enterCard(session.session_id, { number, expiry, cvc: number.startsWith('3') ? '1234' : '123', name: 'Ada' });
  return { session, answer };
}

async function tokenOf(g: SandboxGateway, number: string): Promise<string> {
  const { session } = await tokenize(g, number);
  const result = await g.sessionResult(session.session_id);
  if (result.state !== 'tokenized') throw new Error(`not tokenized: ${result.state}`);
  return result.card.token;
}

/** The 3-D Secure card, its check in the card page passed. */
async function challengeCardToken(g: SandboxGateway): Promise<string> {
  const { session } = await tokenize(g, '4000000000003220');
  await g.answerChallenge(session.session_id, true);
  const result = await g.sessionResult(session.session_id);
  if (result.state !== 'tokenized') throw new Error(`not tokenized: ${result.state}`);
  return result.card.token;
}

describe('sandbox card gateway', () => {
  it('documents only Luhn-valid test numbers', () => {
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('serves the page from a session URL and tokenizes a card, keeping no full number', async () => {
    const { gateway, store } = sandbox();
    const { session, answer } = await tokenize(gateway, '4242 4242 4242 4242');
    expect(session.url).toBe(`http://portal.test/sandbox-gateway/card?session=${session.session_id}`);
    expect(answer).toEqual({ state: 'tokenized' });
    const result = await gateway.sessionResult(session.session_id);
    expect(result).toMatchObject({
      state: 'tokenized',
      card: { brand: 'Visa', last4: '4242', expiry_month: 12, expiry_year: 2030, card_name: 'Ada' },
    });
    const everything = JSON.stringify([...store.sessions.values(), ...store.cards.values()]);
    expect(everything).not.toContain('4242424242424242');
    // A finished session takes no second card.
    expect(
      await gateway.enterCard(session.session_id, { number: '5555555555554444', expiry: '12/30', cvc: '123', name: 'Ada' }),
    ).toBeNull();
  });

  it('lets the customer fix a bad number, expiry or code, and fails an expired card', async () => {
    const { gateway } = sandbox();
    expect((await tokenize(gateway, '4242424242424241')).answer).toEqual({ state: 'invalid', response_text: 'Invalid card number' });
    expect((await tokenize(gateway, '4242424242424242', '13/30')).answer).toEqual({
      state: 'invalid',
      response_text: 'Invalid expiry date',
    });
    const expired = await tokenize(gateway, '4242424242424242', '10/26');
    expect(expired.answer).toEqual({ state: 'failed', response_text: 'Card expired' });
    expect(await gateway.sessionResult(expired.session.session_id)).toEqual({ state: 'failed', response_text: 'Card expired' });
  });

  it('expires a session after half an hour', async () => {
    const { gateway, clock } = sandbox();
    const session = await gateway.createSession({ reference: 'c1', parent_origin: 'http://portal.test' });
    clock.advance(30 * 60_000);
    expect(await gateway.liveSession(session.session_id)).toBeNull();
    expect(await gateway.sessionResult(session.session_id)).toEqual({ state: 'expired' });
  });

  it('holds $1 and releases it once, however often the release is sent', async () => {
    const { gateway, store } = sandbox();
    const token = await tokenOf(gateway, '4242424242424242');
    const hold = await gateway.authorize({ token, amount: 100, idempotency_key: 'h1', reference: 'card' });
    expect(hold).toMatchObject({ status: 'approved', response_text: 'Approved' });
    const release = await gateway.release({ authorization_id: String(hold.transaction_id), idempotency_key: 'r1' });
    expect(release.status).toBe('approved');
    expect(await gateway.release({ authorization_id: String(hold.transaction_id), idempotency_key: 'r1' })).toMatchObject({
      transaction_id: release.transaction_id,
      status: 'approved',
    });
    expect((await gateway.release({ authorization_id: String(hold.transaction_id), idempotency_key: 'r2' })).status).toBe('declined');
    expect(store.transactions.get(String(hold.transaction_id))?.reversed_amount).toBe(100);
  });

  it('declines, fails and challenges the documented numbers', async () => {
    const { gateway } = sandbox();
    const decline = await tokenOf(gateway, '4000000000000002');
    expect(await gateway.authorize({ token: decline, amount: 100, idempotency_key: 'a', reference: 'x' })).toMatchObject({
      status: 'declined',
      response_text: 'Card declined',
    });
    const error = await tokenOf(gateway, '4000000000000119');
    expect((await gateway.authorize({ token: error, amount: 100, idempotency_key: 'b', reference: 'x' })).status).toBe('error');
    const chargesDecline = await tokenOf(gateway, '4000000000000341');
    expect((await gateway.authorize({ token: chargesDecline, amount: 100, idempotency_key: 'c', reference: 'x' })).status).toBe('approved');
    expect(await gateway.charge({ token: chargesDecline, amount: 5000, idempotency_key: 'd', reference: 'x' })).toMatchObject({
      status: 'declined',
      response_text: 'Insufficient funds',
    });
  });

  it('asks a 3-D Secure card for the challenge in the page, and refuses it off-session', async () => {
    const { gateway } = sandbox();
    const { session, answer } = await tokenize(gateway, '4000000000003220');
    expect(answer).toEqual({ state: 'challenge' });
    expect(await gateway.sessionResult(session.session_id)).toEqual({ state: 'pending' });
    expect(await gateway.answerChallenge(session.session_id, true)).toEqual({ state: 'tokenized' });
    const result = await gateway.sessionResult(session.session_id);
    if (result.state !== 'tokenized') throw new Error('not tokenized');
    expect((await gateway.authorize({ token: result.card.token, amount: 100, idempotency_key: 'h', reference: 'x' })).status).toBe(
      'approved',
    );
    expect((await gateway.charge({ token: result.card.token, amount: 100, idempotency_key: 'c', reference: 'x' })).status).toBe(
      'challenge_required',
    );
    const failing = await tokenize(gateway, '4000000000003220');
    expect(await gateway.answerChallenge(failing.session.session_id, false)).toEqual({
      state: 'failed',
      response_text: '3-D Secure authentication failed',
    });
  });

  it('opens an on-session charge challenge, and the same key answers the outcome once it is answered', async () => {
    const { gateway, store } = sandbox();
    const token = await challengeCardToken(gateway);
    const charge = { token, amount: 2500, idempotency_key: 'k-3ds', reference: 'Top-up', challenge_origin: 'http://portal.test' };
    const first = await gateway.charge(charge);
    expect(first.status).toBe('challenge_required');
    if (!first.challenge) throw new Error('no challenge');
    expect(first.challenge.url).toBe(`http://portal.test/sandbox-gateway/challenge?session=${first.challenge.session_id}`);
    expect((await gateway.charge(charge)).challenge).toEqual(first.challenge);
    expect(await gateway.liveChallenge(first.challenge.session_id)).toMatchObject({ amount: 2500 });
    expect(await gateway.answerChallenge(first.challenge.session_id, true)).toEqual({ state: 'passed' });
    expect(await gateway.answerChallenge(first.challenge.session_id, false)).toBeNull();
    const done = await gateway.charge(charge);
    expect(done).toMatchObject({ status: 'approved', transaction_id: first.transaction_id });
    expect(done.challenge).toBeUndefined();
    // One charge, decided once: no second transaction for the completion.
    expect(store.transactions.size).toBe(1);
  });

  it('declines a charge whose challenge failed or expired', async () => {
    const { gateway, clock } = sandbox();
    const token = await challengeCardToken(gateway);
    const base = { token, amount: 2500, reference: 'Top-up', challenge_origin: 'http://portal.test' };
    const failed = await gateway.charge({ ...base, idempotency_key: 'k-fail' });
    await gateway.answerChallenge(failed.challenge?.session_id ?? '', false);
    expect(await gateway.charge({ ...base, idempotency_key: 'k-fail' })).toMatchObject({
      status: 'declined',
      response_text: '3-D Secure authentication failed',
    });
    await gateway.charge({ ...base, idempotency_key: 'k-late' });
    clock.advance(31 * 60_000);
    expect(await gateway.charge({ ...base, idempotency_key: 'k-late' })).toMatchObject({ status: 'declined' });
  });

  it('charges a key once: a replay answers the first charge', async () => {
    const { gateway, store } = sandbox();
    const token = await tokenOf(gateway, '5555555555554444');
    const first = await gateway.charge({ token, amount: 2500, idempotency_key: 'k1', reference: 'x' });
    const again = await gateway.charge({ token, amount: 2500, idempotency_key: 'k1', reference: 'x' });
    expect(again.transaction_id).toBe(first.transaction_id);
    expect([...store.transactions.values()].filter((t) => t.kind === 'charge')).toHaveLength(1);
  });

  it('loses the first answer of the timeout card, and the retry with the same key answers the one charge', async () => {
    const { gateway, store } = sandbox();
    const token = await tokenOf(gateway, '4000000000000259');
    await expect(gateway.charge({ token, amount: 2500, idempotency_key: 'k1', reference: 'x' })).rejects.toBeInstanceOf(GatewayTimeout);
    const retry = await gateway.charge({ token, amount: 2500, idempotency_key: 'k1', reference: 'x' });
    expect(retry.status).toBe('approved');
    expect([...store.transactions.values()].filter((t) => t.kind === 'charge')).toHaveLength(1);
  });

  it('refunds up to the charge and no further', async () => {
    const { gateway } = sandbox();
    const token = await tokenOf(gateway, '4242424242424242');
    const charge = await gateway.charge({ token, amount: 1000, idempotency_key: 'k', reference: 'x' });
    expect((await gateway.refund({ charge_id: String(charge.transaction_id), amount: 600, idempotency_key: 'r1' })).status).toBe(
      'approved',
    );
    expect((await gateway.refund({ charge_id: String(charge.transaction_id), amount: 600, idempotency_key: 'r2' })).status).toBe(
      'declined',
    );
    expect((await gateway.refund({ charge_id: String(charge.transaction_id), amount: 400, idempotency_key: 'r3' })).status).toBe(
      'approved',
    );
  });
});
