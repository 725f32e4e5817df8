import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getSuspension, type Suspension } from '@portal/contract/companies/company-suspension';
import { listPaymentMethods } from '@portal/contract/payments/cards';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { listTopups } from '@portal/contract/payments/topup-options';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const SUSPENDED: Partial<AuthContext> = { state: 'SUSPENDED', capabilities: ['use_billing_pages', 'use_tickets_page', 'use_my_plan'] };
const suspension = (o: Partial<Suspension>): Suspension => ({
  reason: 'out_of_credit',
  balance: -70,
  note: null,
  suspended_at: '2026-11-20T00:00:00.000Z',
  ...o,
});
const NO_CARDS = on(listPaymentMethods, () => ({ rows: [], total: 0, page: 1, page_size: 20 }));
const TOPUPS = on(listTopups, () => ({ options: [], minimum_topup: 2000 }));

function topup(answer: Suspension | null, routes: FakeRoute[] = []) {
  return renderApp('/topup', [
    on(getAuthContext, () => authContext(SUSPENDED)),
    on(getSuspension, () => answer),
    NO_CARDS,
    TOPUPS,
    ...routes,
  ]);
}

describe('/topup for a suspended account names the real reason and offers only what helps', () => {
  it('out of credit: the balance, and the payment options', async () => {
    await topup(suspension({ reason: 'out_of_credit', balance: -70 }));
    const alert = await screen.findByText(/run out of credit/);
    expect(alert.textContent).toContain('your balance is -$0.70');
    expect(screen.getByRole('button', { name: 'Pay once' })).toBeTruthy();
    expect(screen.getByLabelText('Promo code')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
  });

  it('suspended by staff: their note and Contact support, and no payment, which would not lift it', async () => {
    await topup(suspension({ reason: 'staff', balance: 5000, note: 'Card disputed: call accounts' }));
    const alert = await screen.findByText(/suspended by our staff/);
    expect(alert.textContent).toContain('Card disputed: call accounts');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/tickets/create');
    expect(screen.queryByRole('button', { name: 'Pay once' })).toBeNull();
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    expect(screen.queryByText(/run out of credit/)).toBeNull();
  });

  it('trial ended: Choose a plan', async () => {
    await topup(suspension({ reason: 'trial_ended', balance: 0 }));
    expect(await screen.findByText(/trial ended before a plan was chosen/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/my_plan');
  });

  it('says the account is active again once a payment lifts the suspension, and leads to the dashboard', async () => {
    let state: AuthContext['state'] = 'SUSPENDED';
    const card = {
      id: 1,
      card_name: 'Ann Smith',
      card_type: 'Visa',
      card_number: '•••• •••• •••• 4242',
      card_expiry: '12/2030',
      is_default: true,
      last_transaction: null,
      transaction_success_count: 0,
      transaction_failure_count: 0,
      charged_amount: 0,
    };
    await renderApp('/topup', [
      on(getAuthContext, () => authContext({ ...SUSPENDED, state })),
      on(getSuspension, () => (state === 'SUSPENDED' ? suspension({}) : null)),
      on(listPaymentMethods, () => ({ rows: [card], total: 1, page: 1, page_size: 20 })),
      on(listTopups, () => ({
        options: [{ id: 2, name: '$25', cost: 2500, amount: 2500, expiry_length_days: 0, is_user_visible: true, is_default: true }],
        minimum_topup: 2000,
      })),
      on(chargePaymentMethod, () => {
        state = 'ACTIVE';
        return {
          success: true,
          message: 'Paid',
          response_text: 'Approved',
          credit_pack_id: 9,
          amount: 2500,
          cost: 2500,
          balance: 2430,
          challenge: null,
        };
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay once' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topup payment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText(/Your balance is now \$24\.30/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/run out of credit/)).toBeNull());
    expect(screen.getByText('Your account is active again')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
