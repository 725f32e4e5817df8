import type { AccountSettings } from '../../account/api';
import { getAccountSettings, setAccountSettings } from '@portal/contract/account/account-settings';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import {
  AUTHORIZE_FAILED_TITLE,
  authorizePaymentMethod,
  BILLING_DETAILS_NEEDED,
  completePaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  NO_CARDS_TEXT,
  type PaymentCard,
  setDefaultPaymentMethod,
  UNKNOWN_ERROR_TEXT,
} from '@portal/contract/payments/cards';
import { chargePaymentMethod, PAYMENT_FAILED } from '@portal/contract/payments/charges';
import { redeemPromoCode } from '@portal/contract/payments/promo-codes';
import { listTopups, type TopupOption } from '@portal/contract/payments/topup-options';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_billing_pages'] };

const card = (id: number, last4: string, o: Partial<PaymentCard> = {}): PaymentCard => ({
  id,
  card_name: 'Ann Smith',
  card_type: 'Visa',
  card_number: `•••• •••• •••• ${last4}`,
  card_expiry: '12/2030',
  is_default: false,
  last_transaction: null,
  transaction_success_count: 0,
  transaction_failure_count: 0,
  charged_amount: 0,
  ...o,
});

const cardsPage = (rows: PaymentCard[]) => ({ rows, total: rows.length, page: 1, page_size: 20 });

const option = (id: number, amount: number, cost = amount, o: Partial<TopupOption> = {}): TopupOption => ({
  id,
  name: `Option ${id}`,
  cost,
  amount,
  expiry_length_days: 0,
  is_user_visible: true,
  is_default: false,
  ...o,
});

const settings = (o: Partial<AccountSettings> = {}): AccountSettings => ({
  user_contact_name: 'Ann Smith',
  user_email: 'ann@example.com',
  user_email_verified: true,
  user_is_2fa_required: false,
  user_two_factor: 'none',
  user_notifications_is_technical: true,
  user_notifications_is_billing: false,
  user_notifications_email_weekly_usage: false,
  can_set_company_2fa_required: false,
  company_name: 'Acme Backups',
  company_phone_number: '',
  company_address_street: '1 Queen Street',
  company_address_city: '',
  company_address_postcode: '1010',
  company_address_country: 'NZ',
  ...o,
});

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

// The card page's URL as authorize returns it; a blank page here, so the test loads nothing from a server.
const CARD_PAGE = 'about:blank#session=s-1';

/** What the card page posts to the portal page. */
function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });
}
const report = (state: string, response_text = '', session = 's-1') => ({ source: 'sandbox-gateway', session, state, response_text });

async function openCardPage() {
  await userEvent.click((await screen.findAllByRole('button', { name: 'Add a card' }))[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Authorize new card' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  const frame = await within(dialog).findByTitle('Card details');
  expect(frame.getAttribute('src')).toBe(CARD_PAGE);
  return dialog;
}

describe('/payment_methods', () => {
  it("says 'No credit card on file.' when the company has none", async () => {
    await page('/payment_methods', [on(listPaymentMethods, () => cardsPage([]))]);
    expect(await screen.findByText(NO_CARDS_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeTruthy();
  });

  it('lists the cards and makes one the default, and deletes one after asking', async () => {
    const { api } = await page('/payment_methods', [
      on(listPaymentMethods, () => cardsPage([card(1, '4242', { is_default: true }), card(2, '4444', { card_type: 'Mastercard' })])),
      on(setDefaultPaymentMethod, () => null),
      on(deletePaymentMethod, () => null),
    ]);
    const table = await screen.findByRole('table', { name: 'Saved cards' });
    expect(await within(table).findByText('•••• •••• •••• 4444')).toBeTruthy();
    expect(within(table).getAllByText('12/2030')).toHaveLength(2);
    // The default card has no Make default of its own.
    expect(screen.queryByRole('button', { name: 'Make Visa ending 4242 the default' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make Mastercard ending 4444 the default' }));
    await waitFor(() => expect(api.callsTo(setDefaultPaymentMethod)[0]?.body).toEqual({ card_id: 2 }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Mastercard ending 4444' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Mastercard ending 4444?' });
    expect(api.callsTo(deletePaymentMethod)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(deletePaymentMethod)[0]?.body).toEqual({ card_id: 2 }));
  });
});

describe('Authorize new card', () => {
  const AUTHORIZE = on(authorizePaymentMethod, () => ({ url: CARD_PAGE, session: 's-1' }));

  it('ignores messages from another origin or another session, then completes on the card page report', async () => {
    const { api } = await page('/payment_methods', [
      on(listPaymentMethods, () => cardsPage([])),
      AUTHORIZE,
      on(completePaymentMethod, () => ({
        result: 'success' as const,
        response_text: 'Approved',
        card: card(5, '4242', { is_default: true }),
      })),
    ]);
    const dialog = await openCardPage();
    post(report('tokenized'), 'https://evil.example');
    post(report('tokenized', '', 's-other'));
    post({ source: 'elsewhere', session: 's-1', state: 'tokenized' });
    post(report('ready'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(completePaymentMethod)).toHaveLength(0);
    expect(within(dialog).getByTitle('Card details')).toBeTruthy();

    post(report('tokenized'));
    expect(await within(dialog).findByText('Visa •••• •••• •••• 4242 is saved.')).toBeTruthy();
    // A second report of the same page completes nothing more.
    post(report('tokenized'));
    expect(api.callsTo(completePaymentMethod).map((r) => r.body)).toEqual([{ session: 's-1' }]);
  });

  it('shows a refused card with its reason and a way to a ticket; Try again returns to init', async () => {
    await page('/payment_methods', [
      on(listPaymentMethods, () => cardsPage([])),
      AUTHORIZE,
      on(completePaymentMethod, () => ({ result: 'fail' as const, response_text: 'Card declined', card: null })),
    ]);
    const dialog = await openCardPage();
    post(report('tokenized'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(AUTHORIZE_FAILED_TITLE);
    expect(alert.textContent).toContain('Card declined');
    expect(within(alert).getByRole('link', { name: 'file a ticket' }).getAttribute('href')).toBe('/support');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it("shows 'Unknown Error: Please contact support' when the gateway fails; Go back returns to init", async () => {
    await page('/payment_methods', [
      on(listPaymentMethods, () => cardsPage([])),
      AUTHORIZE,
      on(completePaymentMethod, () => ({ result: 'error' as const, response_text: 'Processor unavailable', card: null })),
    ]);
    const dialog = await openCardPage();
    post(report('tokenized'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(UNKNOWN_ERROR_TEXT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('asks for billing details first; closing them closes the card dialog', async () => {
    const refusal = {
      error: {
        code: 400,
        message: BILLING_DETAILS_NEEDED,
        fields: { company_phone_number: 'Please enter your phone number', company_address_city: 'Please enter your city' },
      },
    };
    const { api } = await page('/payment_methods', [
      on(listPaymentMethods, () => cardsPage([])),
      on(authorizePaymentMethod, () => refusal),
      on(getAccountSettings, () => settings()),
    ]);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add a card' }))[0] as HTMLElement);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Authorize new card' })).getByRole('button', { name: 'Continue' }),
    );
    const details = await screen.findByRole('dialog', { name: 'Billing details' });
    expect((await within(details).findByLabelText(/Company name/)).hasAttribute('readonly')).toBe(true);
    expect(within(details).getByText('Please enter your phone number')).toBeTruthy();
    expect(within(details).getByText('Please enter your city')).toBeTruthy();
    await userEvent.click(within(details).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(authorizePaymentMethod)).toHaveLength(1);
  });

  it('saves the billing details through the account settings, then opens the card page', async () => {
    let saved = false;
    const { api } = await page('/payment_methods', [
      on(listPaymentMethods, () => cardsPage([])),
      on(authorizePaymentMethod, () =>
        saved ? { url: CARD_PAGE, session: 's-1' } : { error: { code: 400, message: BILLING_DETAILS_NEEDED, fields: {} } },
      ),
      on(getAccountSettings, () => settings()),
      on(setAccountSettings, (body) => {
        saved = true;
        return settings(body as Partial<AccountSettings>);
      }),
    ]);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add a card' }))[0] as HTMLElement);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Authorize new card' })).getByRole('button', { name: 'Continue' }),
    );
    const details = await screen.findByRole('dialog', { name: 'Billing details' });
    await within(details).findByLabelText(/Phone number/);
    await userEvent.click(within(details).getByRole('button', { name: 'Save and continue' }));
    // The spec's messages, before anything is sent.
    expect(within(details).getByText('Please enter your phone number')).toBeTruthy();
    expect(within(details).getByText('Please enter your city')).toBeTruthy();
    expect(api.callsTo(setAccountSettings)).toHaveLength(0);
    await userEvent.type(within(details).getByLabelText(/Phone number/), '+64 9 555 0100');
    await userEvent.type(within(details).getByLabelText(/City/), 'Auckland');
    await userEvent.click(within(details).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(api.callsTo(setAccountSettings)[0]?.body).toMatchObject({
        company_phone_number: '+64 9 555 0100',
        company_address_city: 'Auckland',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Authorize new card' });
    expect((await within(dialog).findByTitle('Card details')).getAttribute('src')).toBe(CARD_PAGE);
  });
});

describe('/topup', () => {
  const TOPUPS = on(listTopups, () => ({
    options: [option(1, 1000, 1000), option(2, 2000, 2000, { is_default: true }), option(3, 5500, 5000)],
    minimum_topup: 2000,
  }));

  it('keeps Pay once disabled without a saved card and offers Add a new card', async () => {
    await page('/topup', [TOPUPS, on(listPaymentMethods, () => cardsPage([]))]);
    expect(((await screen.findByRole('button', { name: 'Pay once' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a new card' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage cards' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Top up' })).toBeTruthy();
  });

  it('pays once with one idempotency key across a retry, and a new one after a decline', async () => {
    const answers: unknown[] = [
      { error: { code: 504, message: 'The payment gateway did not answer in time.' } },
      {
        success: false,
        message: PAYMENT_FAILED,
        response_text: 'Insufficient funds',
        credit_pack_id: null,
        amount: 0,
        cost: 0,
        balance: 100,
        challenge: null,
      },
      {
        success: true,
        message: 'Paid',
        response_text: 'Approved',
        credit_pack_id: 9,
        amount: 5500,
        cost: 5000,
        balance: 5600,
        challenge: null,
      },
    ];
    const { api } = await page('/topup', [
      TOPUPS,
      on(listPaymentMethods, () => cardsPage([card(1, '4242'), card(2, '4444', { is_default: true, card_type: 'Mastercard' })])),
      on(chargePaymentMethod, () => answers.shift() as never),
    ]);
    expect((await screen.findByRole('link', { name: 'Manage cards' })).getAttribute('href')).toBe('/payment_methods');
    await userEvent.click(screen.getByRole('button', { name: 'Pay once' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topup payment' });
    // Options under the minimum are not offered, except the default; the free credit shows when there is some.
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((r) => r.closest('.mantine-Radio-root')?.textContent)).toEqual([
      '$20.00 credit for $20.00',
      '$55.00 credit for $50.00Includes $5.00 extra free credit',
    ]);
    await userEvent.click(within(dialog).getByLabelText('$55.00 credit for $50.00'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText(/did not answer in time/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText('Insufficient funds')).toBeTruthy();
    expect(within(dialog).getByText(PAYMENT_FAILED)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText(/Your balance is now \$56\.00/)).toBeTruthy();

    const sent = api.callsTo(chargePaymentMethod).map((r) => r.body);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ target_topup_id: 3, target_card_id: 2 });
    expect(sent[0]?.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(sent[1]?.idempotency_key).toBe(sent[0]?.idempotency_key);
    expect(sent[2]?.idempotency_key).not.toBe(sent[0]?.idempotency_key);
  });

  it('sends one payment on a double click: at most the same key twice, never a second charge', async () => {
    const { api } = await page('/topup', [
      TOPUPS,
      on(listPaymentMethods, () => cardsPage([card(1, '4242', { is_default: true })])),
      on(chargePaymentMethod, () => ({
        success: true,
        message: 'Paid',
        response_text: 'Approved',
        credit_pack_id: 9,
        amount: 2000,
        cost: 2000,
        balance: 2100,
        challenge: null,
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay once' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topup payment' });
    // The default option is chosen for the customer.
    expect(((await within(dialog).findByLabelText('$20.00 credit for $20.00')) as HTMLInputElement).checked).toBe(true);
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText(/Your balance is now \$21\.00/)).toBeTruthy();
    const keys = new Set(api.callsTo(chargePaymentMethod).map((r) => r.body.idempotency_key));
    expect(keys.size).toBe(1);
    expect(api.callsTo(chargePaymentMethod)[0]?.body).toMatchObject({ target_topup_id: 2, target_card_id: 1 });
  });

  it('redeems a promo code and shows why one is refused', async () => {
    const { api } = await page('/topup', [
      TOPUPS,
      on(listPaymentMethods, () => cardsPage([])),
      on(redeemPromoCode, (body) =>
        body.promo_code === 'SPRING'
          ? {
              message: 'Promo code applied: $10.00 credit added',
              credit_pack: {
                id: 4,
                name: 'Spring',
                amount: 1000,
                amount_used: 0,
                remaining: 1000,
                added_by_user: 'Ann Smith',
                purchase_date: '2026-11-01T00:00:00.000Z',
                expiry_date: null,
                is_expired: false,
                display: 'remaining' as const,
              },
            }
          : { error: { code: 400, message: 'This promo code does not exist' } },
      ),
    ]);
    const field = await screen.findByLabelText('Promo code');
    await userEvent.type(field, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This promo code does not exist')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getAllByText('Promo code applied: $10.00 credit added')).toHaveLength(1);
    // A refusal after a success leaves no success line anywhere on screen.
    await userEvent.type(field, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This promo code does not exist')).toBeTruthy();
    expect(screen.queryByText('Promo code applied: $10.00 credit added')).toBeNull();
    expect(api.callsTo(redeemPromoCode).map((r) => r.body)).toEqual([
      { promo_code: 'NOPE' },
      { promo_code: 'SPRING' },
      { promo_code: 'NOPE' },
    ]);
  });
});
