import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { AUTO_PAYMENT_MESSAGES, type AutoPaymentPage, autoPaymentConfigure, autoPaymentPage } from '@portal/contract/payments/auto-payment';
import { listPaymentMethods } from '@portal/contract/payments/cards';
import { SELECT_TOPUP } from '@portal/contract/payments/charges';
import { listTopups, type TopupOption } from '@portal/contract/payments/topup-options';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { DAY_CHOICES, daysLeftText, inputOf } from './auto-payment-page';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_billing_pages'] };

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

const pageData = (o: Partial<AutoPaymentPage> = {}): AutoPaymentPage => ({
  auto_topup_enabled: false,
  auto_rebill_days_remaining: 5,
  auto_topup_plan_id: null,
  auto_topup_plan_name: null,
  monthly_cap_cents: null,
  auto_topup_estimated_days_remaining: 12,
  estimated_monthly_cents: 3000,
  estimated_weekly_cents: 700,
  has_card: true,
  options: [option(1, 1000), option(2, 2500), option(3, 11_000, 10_000)],
  minimum_topup: 2000,
  ...o,
});

function open(routes: FakeRoute[], path = '/auto_payment') {
  return renderApp(path, [on(getAuthContext, () => authContext(CUSTOMER)), ...routes]);
}

async function choose(label: string, optionName: RegExp | string) {
  await userEvent.click(await screen.findByLabelText(label, { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: optionName }));
}

describe('/auto_payment', () => {
  it('shows the estimated monthly and weekly cost, the note, days 1 to 14 defaulting to 5, and the plans offered', async () => {
    await open([on(autoPaymentPage, () => pageData())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Automatic payments' })).toBeTruthy();
    expect(screen.getByText('$30.00')).toBeTruthy();
    expect(screen.getByText('$7.00')).toBeTruthy();
    expect(screen.getByText(/Credit packs do not expire/)).toBeTruthy();
    expect(screen.getByText('Your credit lasts about 12 days at this rate.')).toBeTruthy();
    const days = (await screen.findByLabelText('Top up when my credit would last less than', { selector: 'input' })) as HTMLInputElement;
    expect(days.value).toBe('5 days');
    await userEvent.click(days);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(
      DAY_CHOICES.map((d) => `${d} ${d === '1' ? 'day' : 'days'}`),
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByLabelText('Top-up plan', { selector: 'input' }));
    // Under the minimum is not offered; extra credit shows where there is some.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Option 2: $25.00',
      'Option 3: $100.00 ($10.00 extra credit)',
    ]);
  });

  it('keeps Save disabled until the form changes, sends the settings, and is unchanged again after saving', async () => {
    let saved = pageData();
    const { api } = await open([
      on(autoPaymentPage, () => saved),
      on(autoPaymentConfigure, (input) => {
        saved = pageData({
          auto_topup_enabled: input.auto_topup_enabled ?? true,
          auto_rebill_days_remaining: input.auto_rebill_days_remaining ?? 5,
          auto_topup_plan_id: input.topup_option_id,
          auto_topup_plan_name: 'Option 2',
          monthly_cap_cents: input.monthly_cap_cents ?? null,
        });
        return saved;
      }),
    ]);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await choose('Top-up plan', 'Option 2: $25.00');
    await choose('Top up when my credit would last less than', '9 days');
    await userEvent.type(screen.getByLabelText(/Monthly limit/, { selector: 'input' }), '60');
    expect(save.hasAttribute('disabled')).toBe(false);
    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo(autoPaymentConfigure)).toHaveLength(1));
    expect(api.callsTo(autoPaymentConfigure)[0]?.body).toEqual({
      topup_option_id: 2,
      auto_rebill_days_remaining: 9,
      auto_topup_enabled: true,
      monthly_cap_cents: 6000,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
    // The save says so: a disabled button alone is no confirmation.
    expect(await screen.findByText('Automatic top-up saved')).toBeTruthy();
  });

  it('asks for a plan before sending', async () => {
    const { api } = await open([on(autoPaymentPage, () => pageData()), on(autoPaymentConfigure, () => pageData())]);
    await choose('Top up when my credit would last less than', '3 days');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SELECT_TOPUP)).toBeTruthy();
    expect(api.callsTo(autoPaymentConfigure)).toHaveLength(0);
  });

  it('alerts the server message on a non-ok answer, then reloads', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await open([
      on(autoPaymentPage, () => pageData({ auto_topup_plan_id: 2, auto_topup_enabled: true })),
      on(autoPaymentConfigure, () => ({ error: { code: 400, message: AUTO_PAYMENT_MESSAGES.noCard } })),
    ]);
    await choose('Top up when my credit would last less than', '7 days');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(AUTO_PAYMENT_MESSAGES.noCard));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says a card is needed when none is saved', async () => {
    await open([on(autoPaymentPage, () => pageData({ has_card: false }))]);
    const warning = await screen.findByText('No card on file');
    expect(
      within(warning.closest('[role="alert"]') ?? document.body)
        .getByRole('link', { name: 'Add a card' })
        .getAttribute('href'),
    ).toBe('/payment_methods');
  });
});

describe("/topup's Configure automatic payments", () => {
  const cardsPage = (total: number) => ({
    rows: Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      card_name: 'Ann Smith',
      card_type: 'Visa',
      card_number: '•••• •••• •••• 4242',
      card_expiry: '12/2030',
      is_default: i === 0,
      last_transaction: null,
      transaction_success_count: 0,
      transaction_failure_count: 0,
      charged_amount: 0,
    })),
    total,
    page: 1,
    page_size: 20,
  });

  it('links to /auto_payment with a saved card and is disabled without one', async () => {
    const topups = on(listTopups, () => ({ options: [option(2, 2500)], minimum_topup: 2000 }));
    const withCard = await open([topups, on(listPaymentMethods, () => cardsPage(1))], '/topup');
    expect((await screen.findByRole('link', { name: 'Configure automatic payments' })).getAttribute('href')).toBe('/auto_payment');
    withCard.view.unmount();
    await open([topups, on(listPaymentMethods, () => cardsPage(0))], '/topup');
    await screen.findByRole('button', { name: 'Add a new card' });
    expect(screen.getByRole('button', { name: 'Configure automatic payments' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the form rules', () => {
  it("words the days left as the spec says: 'at least' from 1000 days, otherwise 'about'", () => {
    expect(daysLeftText(null)).toBeNull();
    expect(daysLeftText(0)).toBe('less than a day');
    expect(daysLeftText(1)).toBe('about 1 day');
    expect(daysLeftText(999)).toBe('about 999 days');
    expect(daysLeftText(1000)).toBe('at least 1000 days');
  });

  it('sends dollars as cents and an empty limit as none', () => {
    expect(inputOf({ enabled: true, days: '5', planId: '2', capDollars: '' })).toEqual({
      ok: true,
      input: { topup_option_id: 2, auto_rebill_days_remaining: 5, auto_topup_enabled: true, monthly_cap_cents: null },
    });
    expect(inputOf({ enabled: false, days: '14', planId: '3', capDollars: 49.99 })).toMatchObject({
      ok: true,
      input: { monthly_cap_cents: 4999 },
    });
    expect(inputOf({ enabled: true, days: '5', planId: '', capDollars: 'x' })).toEqual({
      ok: false,
      errors: { planId: SELECT_TOPUP, capDollars: AUTO_PAYMENT_MESSAGES.cap },
    });
  });
});
