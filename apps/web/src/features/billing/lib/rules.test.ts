import { describe, expect, it } from 'vitest';
import { packDisplay, remainingCents, remainingPercent } from './credit-packs';
import { CREDIT_PACK_PRESETS, creditPackInput, EMPTY_CREDIT_PACK_FORM } from './credit-pack-form';
import { balanceBarPercent, daysRemainingText, paymentPromptTarget } from './figures';
import { isDowngrade, planHeadline, planPriceText, selectionEffect } from './plans';
import { balanceChartPoints } from './runway';
import { defaultRange, settleRange, todayInDisplayZone } from './usage-range';

const pack = (
  amount: number,
  amount_used: number,
  expiry_date: string | null = null,
  display: 'expired' | 'empty' | 'remaining' = 'remaining',
) => ({
  amount,
  amount_used,
  expiry_date,
  display,
});

describe('credit pack display (spec-2 §4)', () => {
  const now = new Date('2026-11-24T00:00:00Z');

  it('shows a remaining-percentage bar while credit is left and the pack has not expired', () => {
    expect(packDisplay(pack(1000, 250, '2027-01-01T00:00:00Z'), now)).toBe('remaining');
    expect(remainingPercent(pack(1000, 250))).toBe(75);
    expect(remainingCents(pack(1000, 250))).toBe(750);
  });

  it('is expired when its expiry is in the past, used or not, and then has no bar', () => {
    expect(packDisplay(pack(1000, 0, '2026-11-23T23:59:59Z'), now)).toBe('expired');
    expect(packDisplay(pack(1000, 1000, '2026-11-01T00:00:00Z'), now)).toBe('expired');
    expect(packDisplay(pack(1000, 0, null, 'expired'), now)).toBe('expired');
  });

  it('is empty when fully used and not expired; remaining is 0 once used reaches or passes the amount', () => {
    expect(packDisplay(pack(1000, 1000, '2027-01-01T00:00:00Z'), now)).toBe('empty');
    expect(packDisplay(pack(1000, 1200, null), now)).toBe('empty');
    expect(remainingPercent(pack(1000, 1000))).toBe(0);
    expect(remainingPercent(pack(1000, 1500))).toBe(0);
    expect(remainingCents(pack(1000, 1500))).toBe(0);
  });

  it('never rounds a pack with a cent left up to 100% or a nearly spent one down to empty', () => {
    expect(remainingPercent(pack(10_000, 1))).toBe(99);
    expect(remainingPercent(pack(10_000, 9_999))).toBe(0);
    expect(remainingCents(pack(10_000, 9_999))).toBe(1);
    expect(remainingPercent(pack(0, 0))).toBe(0);
  });
});

describe('dashboard figures (spec-2 §9)', () => {
  it('draws the balance bar at the balance in dollars ÷ 5, as a percent, within 0 to 100', () => {
    expect(balanceBarPercent(25_000)).toBe(50);
    expect(balanceBarPercent(1_234)).toBeCloseTo(2.468);
    expect(balanceBarPercent(50_000)).toBe(100);
    expect(balanceBarPercent(90_000)).toBe(100);
    expect(balanceBarPercent(-500)).toBe(0);
  });

  it("words days remaining 'at least' from 1000 days, 'about' below, and nothing when unknown", () => {
    expect(daysRemainingText(null)).toBeNull();
    expect(daysRemainingText(1000)).toBe('At least 1,000 days');
    expect(daysRemainingText(25_000)).toBe('At least 1,000 days');
    expect(daysRemainingText(999)).toBe('About 999 days');
    expect(daysRemainingText(1)).toBe('About 1 day');
    expect(daysRemainingText(0)).toBe('Less than a day');
  });

  it("leads a trial's 'No payment configured' to adding credit and a paying account to automatic payments", () => {
    expect(paymentPromptTarget('TRIAL')).toEqual({ to: '/topup', label: 'Add credit' });
    expect(paymentPromptTarget('ACTIVE')).toEqual({ to: '/auto_payment', label: 'Set up automatic payments' });
  });
});

describe('usage history dates (spec-2 §2.9, §5)', () => {
  const today = '2026-11-24';

  it('lets neither day be after today', () => {
    expect(settleRange({ from: '2026-12-01', to: '2026-12-05' }, today)).toEqual({ from: today, to: today });
    expect(settleRange({ from: '2026-11-01', to: '2027-01-01' }, today)).toEqual({ from: '2026-11-01', to: today });
  });

  it('raises To to From when From is later than To', () => {
    expect(settleRange({ from: '2026-11-20', to: '2026-11-10' }, today)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(settleRange({ from: '2026-11-01', to: '2026-11-10' }, today)).toEqual({ from: '2026-11-01', to: '2026-11-10' });
  });

  it('counts today in Pacific/Auckland, a day ahead of UTC in the evening', () => {
    expect(todayInDisplayZone(new Date('2026-11-24T11:30:00Z'))).toBe('2026-11-25');
    expect(todayInDisplayZone(new Date('2026-11-24T10:30:00Z'))).toBe('2026-11-24');
  });

  it('opens on the current month so far', () => {
    expect(defaultRange(today)).toEqual({ from: '2026-11-01', to: today });
  });
});

describe('credit pack form: dollars typed, cents sent (spec-2 §5)', () => {
  it('sends cost and amount in cents, to the cent, without floating point drift', () => {
    const input = creditPackInput(7, {
      ...EMPTY_CREDIT_PACK_FORM,
      target_name: 'Credit',
      target_cost: 19.99,
      target_amount: '1,234.56',
      target_expiry_days: 30,
    });
    expect(input).toEqual({
      target_id: 7,
      target_name: 'Credit',
      target_cost: 1999,
      target_amount: 123456,
      target_expiry_days: 30,
      target_create_billing_entry: true,
      target_is_oob_payment: false,
    });
    expect(creditPackInput(7, { ...EMPTY_CREDIT_PACK_FORM, target_amount: 0.07 }).target_amount).toBe(7);
    expect(creditPackInput(7, { ...EMPTY_CREDIT_PACK_FORM, target_amount: 1.005 }).target_amount).toBe(101);
  });

  it('makes an empty or zero expiry a pack that never expires, and an empty cost free', () => {
    expect(creditPackInput(7, { ...EMPTY_CREDIT_PACK_FORM, target_amount: 5 })).toMatchObject({ target_expiry_days: null, target_cost: 0 });
    expect(creditPackInput(7, { ...EMPTY_CREDIT_PACK_FORM, target_amount: 5, target_expiry_days: 0 }).target_expiry_days).toBeNull();
  });

  it('defaults to creating a billing entry and not out of band; every preset fills a whole form', () => {
    expect(EMPTY_CREDIT_PACK_FORM.target_create_billing_entry).toBe(true);
    expect(EMPTY_CREDIT_PACK_FORM.target_is_oob_payment).toBe(false);
    for (const preset of CREDIT_PACK_PRESETS) {
      expect(Object.keys(preset.values).sort()).toEqual(Object.keys(EMPTY_CREDIT_PACK_FORM).sort());
      expect(preset.values.target_name).not.toBe('');
    }
  });
});

describe('plans', () => {
  const plans = ['Trial', 'Legacy', 'Starter', 'Growth', 'Advanced', 'Professional', 'Enterprise'].map((id) => ({ id })) as {
    id: 'Growth';
  }[];

  it('calls a plan ranked below the current one a downgrade; from a trial or Legacy nothing is', () => {
    expect(isDowngrade(plans, 'Growth', 'Starter')).toBe(true);
    expect(isDowngrade(plans, 'Growth', 'Advanced')).toBe(false);
    expect(isDowngrade(plans, 'Trial', 'Starter')).toBe(false);
    expect(isDowngrade(plans, 'Legacy', 'Starter')).toBe(false);
  });

  it('says what picking a plan does: at the trial end, at the Legacy deadline, or now', () => {
    const now = new Date('2024-06-01T00:00:00Z');
    expect(selectionEffect({ plan: 'Trial', trial_expires_at: '2024-06-10T00:00:00Z', legacy_deadline: null }, 'Growth', now)).toBe(
      'Growth starts when your trial ends, on 2024-06-10, and your account is charged at its prices from then.',
    );
    expect(selectionEffect({ plan: 'Legacy', trial_expires_at: null, legacy_deadline: '2025-01-01T00:00:00.000Z' }, 'Growth', now)).toBe(
      'You keep your Legacy prices until 2025-01-01; Growth starts then.',
    );
    expect(selectionEffect({ plan: 'Starter', trial_expires_at: null, legacy_deadline: null }, 'Growth', now)).toMatch(
      /^Your account moves to Growth now/,
    );
  });

  it('prices a plan by its device price and heads it with what it includes; Enterprise by sales', () => {
    expect(planPriceText({ amount: 300 })).toBe('$3.00 per device per month');
    expect(planPriceText({ amount: null })).toBe('Priced by sales');
    // Plans that share a device price are told apart by what they include, not by a repeated "From $2.00".
    expect(planHeadline({ default_serial_limit: 3, default_hosted_server_limit: 1 })).toBe(
      '3 self-hosted server licences and 1 hosted server',
    );
    expect(planHeadline({ default_serial_limit: 10, default_hosted_server_limit: 3 })).toBe(
      '10 self-hosted server licences and 3 hosted servers',
    );
  });
});

describe('balance chart', () => {
  const day = (date: string, balance: number) => ({ date, balance, charged: 100, credited: 0 });

  it('draws the balance in dollars and the forecast from the last day, falling by the weekly estimate ÷ 7 to zero', () => {
    const points = balanceChartPoints([day('2026-11-22', 1000), day('2026-11-23', 300)], 700);
    expect(points).toEqual([
      { date: '2026-11-22', balance: 10 },
      { date: '2026-11-23', balance: 3, forecast: 3 },
      { date: '2026-11-24', forecast: 2 },
      { date: '2026-11-25', forecast: 1 },
      { date: '2026-11-26', forecast: 0 },
    ]);
  });

  it('forecasts nothing while nothing is charged or the balance is spent, and at most 90 days ahead', () => {
    expect(balanceChartPoints([day('2026-11-23', 300)], 0)).toEqual([{ date: '2026-11-23', balance: 3 }]);
    expect(balanceChartPoints([day('2026-11-23', -50)], 700)).toEqual([{ date: '2026-11-23', balance: -0.5 }]);
    const long = balanceChartPoints([day('2026-11-23', 1_000_000)], 7);
    expect(long).toHaveLength(91);
    expect(long.at(-1)?.date).toBe('2027-02-21');
  });
});

describe('services', () => {
  it('counts a company as running a server once it has a licence, a hosted server, devices or boosters', async () => {
    const { hasServers } = await import('./service-kinds');
    expect(hasServers([])).toBe(false);
    expect(hasServers([{ type: 'storage' }, { type: 'account' }])).toBe(false);
    for (const type of ['serial', 'hosted_server', 'device', 'booster'] as const) expect(hasServers([{ type }])).toBe(true);
  });
});

describe('service quantities', () => {
  it('shows storage in decimal bytes, as it is priced per TB, and other counts as numbers', async () => {
    const { quantityText } = await import('./service-kinds');
    expect(quantityText({ type: 'storage', quantity: 3_191_000_000_000 })).toBe('3.2 TB');
    expect(quantityText({ type: 'storage_legacy', quantity: 1_500_000_000 })).toBe('1.5 GB');
    expect(quantityText({ type: 'device', quantity: 1234 })).toBe('1,234');
    expect(quantityText({ type: 'storage', quantity: 0 })).toBe('0 B');
  });
});

describe('packs used', () => {
  it('says what part of a charge no pack paid', async () => {
    const { unpaidCents } = await import('../components/usage/packs-used');
    const deduction = (cents: number) => ({ topup_name: 'Welcome credit', topup_amount_deducted: cents, topup_expiry: null });
    expect(unpaidCents({ usage: { amount_used: 20, date_used: '2026-11-24' }, topup_deductions: [deduction(10)] })).toBe(10);
    expect(unpaidCents({ usage: { amount_used: 20, date_used: '2026-11-24' }, topup_deductions: [deduction(15), deduction(5)] })).toBe(0);
    expect(unpaidCents({ usage: { amount_used: 20, date_used: '2026-11-24' }, topup_deductions: [] })).toBe(20);
  });
});
