import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listPaymentMethods, type PaymentCard } from '@portal/contract/payments/cards';
import { CHALLENGE_REQUIRED, chargePaymentMethod, PAYMENT_FAILED } from '@portal/contract/payments/charges';
import { listTopups } from '@portal/contract/payments/topup-options';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

/** The Topup payment dialog with a card whose issuer asks for 3-D Secure (decision 0041). */
const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_billing_pages'] };
// The issuer's page as the charge returns it; blank here, so the test loads nothing from a server.
const CHALLENGE_PAGE = 'about:blank#challenge=tds-1';

const card: PaymentCard = {
  id: 1,
  card_name: 'Ann Smith',
  card_type: 'Visa',
  card_number: '•••• •••• •••• 3220',
  card_expiry: '12/2030',
  is_default: true,
  last_transaction: null,
  transaction_success_count: 0,
  transaction_failure_count: 0,
  charged_amount: 0,
};
const TOPUPS = on(listTopups, () => ({
  options: [{ id: 2, name: '$20', cost: 2000, amount: 2000, expiry_length_days: 0, is_user_visible: true, is_default: true }],
  minimum_topup: 2000,
}));
const CARDS = on(listPaymentMethods, () => ({ rows: [card], total: 1, page: 1, page_size: 20 }));

const answer = (o: Record<string, unknown> = {}) => ({
  success: false,
  message: CHALLENGE_REQUIRED,
  response_text: '3-D Secure authentication required',
  credit_pack_id: null,
  amount: 0,
  cost: 0,
  balance: 0,
  challenge: { url: CHALLENGE_PAGE, session: 'tds-1' },
  ...o,
});
const PAID = answer({
  success: true,
  message: 'Payment successful',
  response_text: 'Approved',
  credit_pack_id: 7,
  amount: 2000,
  cost: 2000,
  balance: 2000,
  challenge: null,
});

function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });
}
const report = (state: string, response_text = '', session = 'tds-1') => ({ source: 'sandbox-gateway', session, state, response_text });

async function payOnce(answers: unknown[]) {
  const { api } = await renderApp('/topup', [
    on(getAuthContext, () => authContext(CUSTOMER)),
    TOPUPS,
    CARDS,
    on(chargePaymentMethod, () => answers.shift() as never),
  ] as FakeRoute[]);
  await userEvent.click(await screen.findByRole('button', { name: 'Pay once' }));
  const dialog = await screen.findByRole('dialog', { name: 'Topup payment' });
  await within(dialog).findByLabelText('$20.00 credit for $20.00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
  const frame = await within(dialog).findByTitle('3-D Secure check');
  expect(frame.getAttribute('src')).toBe(CHALLENGE_PAGE);
  return { api, dialog, sent: () => api.callsTo(chargePaymentMethod).map((r) => r.body) };
}

describe('Topup payment with 3-D Secure', () => {
  it('frames the challenge, ignores forged reports, then sends the same payment again and shows the credit', async () => {
    const { dialog, sent } = await payOnce([answer(), PAID]);
    expect(within(dialog).getByText(/Nothing is charged until you do/)).toBeTruthy();
    post(report('passed'), 'https://evil.example');
    post(report('passed', '', 'tds-other'));
    post({ source: 'sandbox-gateway', session: 'tds-1', state: 'approved' });
    post(report('ready'));
    expect(sent()).toHaveLength(1);
    post(report('passed'));
    post(report('passed'));
    expect(await within(dialog).findByText(/Your balance is now \$20\.00/)).toBeTruthy();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toEqual(sent()[0]);
  });

  it('shows the decline after a failed challenge, and Try again makes a new payment', async () => {
    const { dialog, sent } = await payOnce([
      answer(),
      answer({
        message: `${PAYMENT_FAILED} 3-D Secure authentication failed`,
        response_text: '3-D Secure authentication failed',
        challenge: null,
      }),
      answer({ challenge: { url: CHALLENGE_PAGE, session: 'tds-2' } }),
    ]);
    post(report('failed', '3-D Secure authentication failed'));
    expect(await within(dialog).findByText('3-D Secure authentication failed')).toBeTruthy();
    expect(within(dialog).getByText(PAYMENT_FAILED)).toBeTruthy();
    expect(sent()[1]?.idempotency_key).toBe(sent()[0]?.idempotency_key);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    await within(dialog).findByTitle('3-D Secure check');
    expect(sent()[2]?.idempotency_key).not.toBe(sent()[0]?.idempotency_key);
  });

  it('fails without asking the server again when the challenge page cannot finish', async () => {
    const { dialog, sent } = await payOnce([answer()]);
    post(report('error', 'The page could not reach your bank.'));
    expect(await within(dialog).findByText('The page could not reach your bank.')).toBeTruthy();
    expect(sent()).toHaveLength(1);
  });

  it('Cancel payment asks once more and, with the check still open, goes back to a new payment', async () => {
    const { dialog, sent } = await payOnce([answer(), answer(), PAID]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(dialog).findByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]?.idempotency_key).toBe(sent()[0]?.idempotency_key);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText(/Your balance is now \$20\.00/)).toBeTruthy();
    await waitFor(() => expect(sent()[2]?.idempotency_key).not.toBe(sent()[0]?.idempotency_key));
  });

  it('closing the dialog mid-challenge asks about the payment once more, with the same key', async () => {
    const { dialog, sent } = await payOnce([answer(), PAID]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual(sent()[0]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Topup payment' })).toBeNull());
  });
});

describe('the Topup payment dialog with no top-up amounts offered', () => {
  it('says so and offers Close instead of an empty form', async () => {
    await renderApp('/topup', [
      on(getAuthContext, () => authContext(CUSTOMER)),
      on(listTopups, () => ({ options: [], minimum_topup: 2000 })),
      CARDS,
    ] as FakeRoute[]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay once' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topup payment' });
    expect(await within(dialog).findByText('No top-up amounts are offered right now')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Pay now' })).toBeNull();
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    // The header's × and the empty state's own button.
    expect(closes).toHaveLength(2);
    await userEvent.click(closes[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Topup payment' })).toBeNull());
  });
});
