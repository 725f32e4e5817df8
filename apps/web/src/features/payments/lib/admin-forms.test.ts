import type { TopupOption } from '@portal/contract/payments/topup-options';
import { describe, expect, it } from 'vitest';
import {
  NEW_PROMO_CODE,
  NEW_TOPUP_OPTION,
  optionsShownToUser,
  promoCodeForm,
  promoCodeInput,
  topupOptionForm,
  topupOptionInput,
} from './admin-forms';

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

describe('top-up option form', () => {
  it('sends dollars as cents, to the cent', () => {
    const input = topupOptionInput({ ...NEW_TOPUP_OPTION, name: 'Big', cost: '19.99', amount: 1234.5, expiry_length_days: '30' });
    expect(input).toEqual({
      id: -1,
      name: 'Big',
      cost: 1999,
      amount: 123_450,
      expiry_length_days: 30,
      is_user_visible: true,
      is_default: false,
    });
    expect(topupOptionInput({ ...NEW_TOPUP_OPTION, cost: 0.1, amount: '1.005' })).toMatchObject({ cost: 10, amount: 101 });
  });

  it('leaves text that is not an amount for the schema to refuse, and empty as no money', () => {
    expect(topupOptionInput({ ...NEW_TOPUP_OPTION, cost: 'abc', amount: '' })).toMatchObject({ cost: Number.NaN, amount: 0 });
  });

  it('shows a saved option in dollars, and round-trips it', () => {
    const saved = option(7, 10_050, 9_999, { expiry_length_days: 90, is_default: true });
    const form = topupOptionForm(saved);
    expect(form).toMatchObject({ id: 7, cost: 99.99, amount: 100.5 });
    expect(topupOptionInput(form)).toEqual({ ...saved, name: 'Option 7' });
  });
});

describe('promo code form', () => {
  it('sends the amount in cents and empty dates as unset', () => {
    expect(promoCodeInput({ ...NEW_PROMO_CODE, promo_key: 'SPRING', display_name: 'Spring', amount: '12.34' })).toEqual({
      promo_key: 'SPRING',
      display_name: 'Spring',
      amount: 1234,
      start_at: null,
      finish_at: null,
    });
  });

  it('sends days as the start of the day, and a new code uses id -1', () => {
    expect(NEW_PROMO_CODE.id).toBe(-1);
    const form = promoCodeForm({
      id: 3,
      promo_key: 'X',
      display_name: 'X',
      amount: 500,
      start_at: '2026-12-01T00:00:00.000Z',
      finish_at: null,
      redemptions: 0,
      created_at: '2026-11-01T00:00:00.000Z',
    });
    expect(form).toMatchObject({ id: 3, amount: 5, start_at: '2026-12-01', finish_at: '' });
    expect(promoCodeInput(form)).toMatchObject({ amount: 500, start_at: '2026-12-01T00:00:00Z', finish_at: null });
  });
});

describe('options shown to a customer (spec-2 §5)', () => {
  it('keeps options of at least the minimum plus the default one, by amount, with the free credit', () => {
    const shown = optionsShownToUser(
      [option(1, 5000, 4500), option(2, 1000, 1000, { is_default: true }), option(3, 1500), option(4, 2000), option(5, 10_000, 10_000)],
      2000,
    );
    expect(shown.map((o) => [o.id, o.extra_credit])).toEqual([
      [2, 0],
      [4, 0],
      [1, 500],
      [5, 0],
    ]);
  });

  it('never shows negative free credit', () => {
    expect(optionsShownToUser([option(1, 3000, 3500)], 0)[0]?.extra_credit).toBe(0);
  });
});
