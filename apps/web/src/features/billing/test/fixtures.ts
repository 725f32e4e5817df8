import type { ActiveService } from '@portal/contract/billing/active-services';
import type { AdminCreditPack, CreditPack } from '@portal/contract/billing/credit-packs';
import type { Plan } from '@portal/contract/billing/plans';
import type { UsageRow } from '@portal/contract/billing/usage';

export function creditPack(id: number, overrides: Partial<CreditPack> = {}): CreditPack {
  return {
    id,
    name: `Pack ${id}`,
    amount: 10_000,
    amount_used: 2_500,
    remaining: 7_500,
    added_by_user: 'Ann Smith',
    purchase_date: '2026-10-01T00:00:00Z',
    expiry_date: null,
    is_expired: false,
    display: 'remaining',
    ...overrides,
  };
}

export function adminPack(id: number, overrides: Partial<AdminCreditPack> = {}): AdminCreditPack {
  return {
    ...creditPack(id),
    company_id: 7,
    cost: 10_000,
    source: 'admin',
    is_oob_payment: false,
    creates_billing_entry: true,
    ...overrides,
  };
}

export function creditSummary(overrides: Record<string, unknown> = {}) {
  return {
    balance: 12_345,
    days_remaining: 42,
    estimated_monthly_cents: 3_000,
    estimated_weekly_cents: 700,
    latest_usage: { date: '2026-11-23', amount_cents: 100 },
    device_count: 12,
    booster_count: 3,
    has_contract_billing: false,
    ...overrides,
  };
}

export function service(id: number, overrides: Partial<ActiveService> = {}): ActiveService {
  return {
    id,
    type: 'device',
    details: 'Backup server 1',
    rebill_every_days: 30,
    next_charge_again_at: '2026-12-01T00:00:00Z',
    unit_cost: 300,
    quantity: 12,
    amount: 3_600,
    pricing_description: '$3.00 per device per month',
    hosted_server_id: null,
    wasabi_usage_bytes: null,
    serial_count: null,
    ...overrides,
  };
}

export function usageRow(id: number, overrides: Partial<UsageRow> = {}): UsageRow {
  return {
    id,
    type: 'device',
    details: 'Backup server 1',
    usage: { amount_used: 120, date_used: '2026-11-23' },
    topup_deductions: [
      { topup_name: 'Spring top-up', topup_amount_deducted: 100, topup_expiry: '2026-12-01T00:00:00Z' },
      { topup_name: 'Admin credit', topup_amount_deducted: 20, topup_expiry: null },
    ],
    device: 12,
    booster: null,
    service_pricing: '$3.00 per device per month',
    not_finalized: true,
    ...overrides,
  };
}

export function plan(id: Plan['id'], amount: number | null, overrides: Partial<Plan> = {}): Plan {
  return {
    id,
    name: id,
    amount,
    default_serial_limit: 1,
    default_hosted_server_limit: 1,
    disallowed: false,
    disallowed_reasons: [],
    ...overrides,
  };
}

export const ALL_PLANS: Plan[] = [
  plan('Trial', 0),
  plan('Legacy', 200),
  plan('Starter', 300),
  plan('Growth', 200, { default_serial_limit: 5 }),
  plan('Advanced', 200, { default_serial_limit: 20 }),
  plan('Professional', 200, { default_serial_limit: null }),
  plan('Enterprise', null, { default_serial_limit: null, default_hosted_server_limit: null }),
];
