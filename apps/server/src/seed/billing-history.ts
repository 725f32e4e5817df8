import type { CompanyState } from '@portal/contract/shared/fields';
import * as billing from '../domains/billing/service.ts';
import type { Database } from '../platform/db.ts';
import { seededRandom } from './random.ts';
type Price = Awaited<ReturnType<typeof billing.listPrices>>[number];
type Metric = 'device_count' | 'booster_microsoft365' | 'booster_hyperv' | 'storage_amount_bytes';

/** Two years of history, or the company's life if shorter. */
export const HISTORY_DAYS = 730;
const TB = 1_000_000_000_000;
const MINUTE = 60_000;

/** What a demo company runs; counts drift from `from` to `to` over its history. */
export interface BillingProfile {
  devices: [number, number];
  microsoft365?: [number, number];
  hyperv?: [number, number];
  /** Storage in TB. */
  storage?: [number, number];
  hostedConsole?: boolean;
  /** Buys credit when it lasts under this many days; 0: stops buying 40 days before today and runs out. */
  topUpDays: number;
  /**
   * Never buys: its welcome credit pays every charge up to yesterday and leaves 10 cents, less than today's
   * charge, so the first run of the day takes it below zero and the sweep suspends it (the journey of a
   * company running out of credit).
   */
  runsOutToday?: boolean;
}

export interface DemoBillingCompany {
  id: number;
  state: CompanyState;
  plan_id: string;
  created_at: Date;
  deleted_at: Date | null;
  profile: BillingProfile;
}

const dayMs = (day: string) => billing.billingDayStart(day).getTime();

/** The day n days from `day`. */
function shift(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

interface Pack {
  index: number;
  amount: number;
  used: number;
  expired: number;
  expiry: number | null;
}

/**
 * One company's history, computed in memory by the charging rules (docs/decisions/0021, 0022): the day's
 * stats, purchases when credit runs low, expiries, each due service's charge drawn from the packs in order,
 * and debt once, after which an unpaid company is not charged.
 */
function historyOf(c: DemoBillingCompany, prices: Price[], today: string, welcome = 5000): billing.CompanyHistory {
  // Each company draws from its own sequence, so its history is the same however often it is computed.
  const rnd = seededRandom(20261121 + c.id);
  const h: billing.CompanyHistory = {
    company_id: c.id,
    services: [],
    packs: [],
    usage: [],
    ledger: [],
    stats: [],
    devices: [],
    balance: 0,
    suspended_for_credit: false,
    created_at: c.created_at,
  };
  const first = [billing.billingDayOf(c.created_at), shift(today, -HISTORY_DAYS)].sort().at(-1) ?? today;
  const last = c.deleted_at ? billing.billingDayOf(c.deleted_at) : today;
  const span = Math.max(1, Math.round((dayMs(last) - dayMs(first)) / 86_400_000));
  const charged = c.state !== 'TRIAL';
  const p = c.profile;
  const at = (day: string, minutes: number) => new Date(dayMs(day) + minutes * MINUTE);
  const price = (kind: string, variant = '') => {
    const found = prices.find((x) => x.plan_id === c.plan_id && x.kind === kind && x.variant === variant);
    if (!found) throw new Error(`no price for ${kind} ${variant} on ${c.plan_id}`);
    return found;
  };

  // Services from the first day (a console, devices, and the boosters and storage it uses).
  const services: { kind: string; variant: string; metric: Metric | null; price: Price; next: string; lastCharged: string | null }[] = [];
  const addService = (kind: 'device' | 'booster' | 'storage' | 'hosted_server', variant: string, metric: Metric | null, details = '') => {
    const pr = price(kind, variant);
    services.push({ kind, variant, metric, price: pr, next: first, lastCharged: null });
    h.services.push({
      kind,
      variant,
      details,
      owner_kind: metric ? null : kind,
      owner_id: metric ? null : `${kind}-${c.id}`,
      rebill_every_days: pr.rebill_every_days,
      next_charge_again_at: at(first, 0),
      unit_cost: pr.unit_cost,
      quantity: 1,
      amount: 0,
      pricing_description: pr.pricing_description,
      // The demo's consoles are on Comet Storage: 5 TB for their first 30 days (spec-1 §9).
      included_storage_bytes: kind === 'hosted_server' ? 5 * TB : 0,
      started_at: at(first, 1),
      updated_at: at(today, 0),
      stopped_at: c.deleted_at,
    });
  };
  if (p.hostedConsole) addService('hosted_server', '', null, `backup-${c.id}.cometbackup.example`);
  addService('device', '', 'device_count');
  if (p.microsoft365) addService('booster', 'microsoft365', 'booster_microsoft365');
  if (p.hyperv) addService('booster', 'hyperv', 'booster_hyperv');
  if (p.storage) addService('storage', '', 'storage_amount_bytes', 'Comet Storage');

  const packs: Pack[] = [];
  const addPack = (day: string, amount: number, source: 'purchase' | 'admin' | 'promo', expiryDays: number | null) => {
    const purchase = at(day, 5);
    const pack: Pack = {
      index: packs.length,
      amount,
      used: 0,
      expired: 0,
      expiry: expiryDays ? purchase.getTime() + expiryDays * 86_400_000 : null,
    };
    packs.push(pack);
    h.packs.push({
      name: source === 'promo' ? 'Promotional credit' : source === 'admin' ? 'Welcome credit' : `Top-up $${(amount / 100).toFixed(0)}`,
      amount,
      cost: source === 'purchase' ? amount : 0,
      source,
      purchase_date: purchase,
      expiry_date: pack.expiry === null ? null : new Date(pack.expiry),
      added_by_user: source === 'purchase' ? 'Casey Customer' : 'Ada Admin',
      creates_billing_entry: source !== 'promo',
    });
    h.ledger.push({ kind: 'credit', amount, pack: pack.index, usage: null, created_at: purchase });
    // A negative balance is debt: the new pack pays it first.
    const debt = Math.min(Math.max(0, -h.balance), amount);
    if (debt > 0) {
      pack.used += debt;
      h.ledger.push({ kind: 'settle', amount: -debt, pack: pack.index, usage: null, created_at: purchase });
      h.ledger.push({ kind: 'settle', amount: debt, pack: null, usage: null, created_at: purchase });
    }
    h.balance += amount;
  };

  const stats = new Map<string, Record<Metric, number>>();
  const drift = (range: [number, number] | undefined, d: number, jitter: number) =>
    range ? Math.max(0, Math.round(range[0] + ((range[1] - range[0]) * d) / span + (rnd.next() - 0.5) * jitter)) : 0;
  const quantity = (s: (typeof services)[number], day: string) => {
    if (!s.metric) return 1;
    let most = 0;
    for (let k = 0; k < s.price.rebill_every_days; k++) most = Math.max(most, stats.get(shift(day, -k))?.[s.metric] ?? 0);
    return most;
  };
  let rate = 0;
  if (charged) addPack(first, welcome, 'admin', null);

  for (let d = 0, day = first; day <= last; d++, day = shift(day, 1)) {
    const s = {
      device_count: drift(p.devices, d, 2),
      booster_microsoft365: drift(p.microsoft365, d, 2),
      booster_hyperv: drift(p.hyperv, d, 1),
      storage_amount_bytes: p.storage ? Math.round(drift([p.storage[0] * 1000, p.storage[1] * 1000], d, 40) * 1e9) : 0,
    };
    stats.set(day, s);
    h.stats.push({
      date: day,
      device_count: s.device_count,
      booster_count: s.booster_microsoft365 + s.booster_hyperv,
      booster_microsoft365: s.booster_microsoft365,
      booster_hyperv: s.booster_hyperv,
      storage_amount_bytes: s.storage_amount_bytes,
      hosted_comet_v2_count: p.hostedConsole ? 1 : 0,
      server_version: '24.9.2',
      recorded_at: at(day, 1),
    });
    // Today is left for the charging run itself.
    if (!charged || day >= today) continue;

    const dayStart = dayMs(day);
    const buying = !p.runsOutToday && (p.topUpDays > 0 || day < shift(today, -40));
    const need = Math.max(rate * (p.topUpDays || 14), 2000);
    if (buying && h.balance < need) {
      addPack(day, [5000, 10000, 20000, 50000].find((a) => a >= need * 2) ?? 50000, 'purchase', null);
    }
    if (d % 97 === 40 && !p.runsOutToday) addPack(day, 1000, 'promo', 60);
    for (const pack of packs) {
      const left = pack.amount - pack.used - pack.expired;
      if (pack.expiry !== null && pack.expiry <= dayStart && left > 0) {
        pack.expired += left;
        h.balance -= left;
        h.ledger.push({ kind: 'expire', amount: -left, pack: pack.index, usage: null, created_at: at(day, 9) });
      }
    }
    if (h.balance < 0) continue; // owes a day already: not charged until credit returns

    let today_ = 0;
    services.forEach((svc, serviceIndex) => {
      if (svc.next > day) return;
      const qty = quantity(svc, day);
      const pr = svc.price;
      // A console's first 30 days include 5 TB of storage (docs/decisions/0021).
      const allowance = svc.kind === 'storage' && p.hostedConsole && day < shift(first, 30) ? 5 * TB : 0;
      const units = Math.max(0, Math.max(qty, pr.minimum_units * pr.unit_size) - allowance) / pr.unit_size;
      const amount = Math.round((pr.unit_cost * units * pr.rebill_every_days) / pr.per_days);
      if (pr.rebill_every_days > 1) svc.next = shift(day, pr.rebill_every_days);
      svc.lastCharged = day;
      if (amount <= 0) return;
      const usageIndex = h.usage.length;
      h.usage.push({
        service: serviceIndex,
        charge_day: day,
        kind: svc.kind as 'device',
        variant: svc.variant,
        details: h.services[serviceIndex]?.details ?? '',
        quantity: qty,
        unit_cost: pr.unit_cost,
        amount,
        pricing_description: pr.pricing_description,
        created_at: at(day, 10),
      });
      today_ += amount / pr.rebill_every_days;
      // Soonest-expiring first, never-expiring last.
      let owed = amount;
      const usable = packs
        .filter((k) => k.amount - k.used - k.expired > 0 && (k.expiry === null || k.expiry > dayStart))
        .sort((a, b) => (a.expiry ?? Number.POSITIVE_INFINITY) - (b.expiry ?? Number.POSITIVE_INFINITY) || a.index - b.index);
      for (const k of usable) {
        if (owed === 0) break;
        const take = Math.min(owed, k.amount - k.used - k.expired);
        k.used += take;
        owed -= take;
        h.ledger.push({ kind: 'charge', amount: -take, pack: k.index, usage: usageIndex, created_at: at(day, 10) });
      }
      if (owed > 0) h.ledger.push({ kind: 'charge', amount: -owed, pack: null, usage: usageIndex, created_at: at(day, 10) });
      h.balance -= amount;
    });
    if (today_ > 0) rate = today_;
  }

  h.packs.forEach((row, i) => {
    const pack = packs[i];
    if (!pack) return;
    row.amount_used = pack.used;
    row.amount_expired = pack.expired;
    row.expired_at = pack.expired > 0 && pack.expiry !== null ? new Date(pack.expiry) : null;
  });
  services.forEach((svc, i) => {
    const row = h.services[i];
    if (!row) return;
    row.next_charge_again_at = new Date(dayMs(svc.next));
    const qty = quantity(svc, last);
    row.quantity = qty;
    const units = Math.max(qty, svc.price.minimum_units * svc.price.unit_size) / svc.price.unit_size;
    row.amount = Math.round((svc.price.unit_cost * units * svc.price.rebill_every_days) / svc.price.per_days);
  });
  h.suspended_for_credit = c.state === 'SUSPENDED' && h.balance < 0;
  return h;
}

/** Devices one by one for the customer guarantee: a few new ones still in the window, and two refunded long ago. */
/** Operating systems as backup clients spread over them. */
const OPERATING_SYSTEMS = ['Windows', 'Windows', 'Windows', 'Windows Server', 'macOS', 'Windows', 'Linux', 'macOS'];

/**
 * The devices its servers named, as many as its latest day counts, each first seen on the first day the count
 * reached it, with the operating system its server reported (the Current Month OS widget reads them).
 */
function fleetOf(h: billing.CompanyHistory): void {
  const count = h.stats.at(-1)?.device_count ?? 0;
  for (let i = 0; i < count; i++) {
    const first = h.stats.find((s) => (s.device_count ?? 0) > i)?.date ?? h.stats.at(-1)?.date;
    if (!first) return;
    h.devices.push({
      device_key: `device-${h.company_id}-${i}`,
      username: `user${i + 1}`,
      reported_os: OPERATING_SYSTEMS[(h.company_id * 5 + i * 3) % OPERATING_SYSTEMS.length] ?? 'Windows',
      first_seen_at: new Date(dayMs(first)),
      deleted_at: null,
      refunded_at: null,
      refund_pack: null,
      refund_amount: null,
    });
  }
}

function devicesOf(h: billing.CompanyHistory, today: string, c: DemoBillingCompany): void {
  const names = ['reception-pc', 'accounts-laptop', 'dr-smith-surface', 'xray-workstation', 'server-room-nas'];
  names.slice(0, 3).forEach((name, i) => {
    h.devices.push({
      device_key: `new-${c.id}-${i}`,
      username: name,
      first_seen_at: new Date(dayMs(shift(today, -(3 + i * 6)))),
      deleted_at: null,
      refunded_at: null,
      refund_pack: null,
      refund_amount: null,
    });
  });
  // Two devices removed in their first week, about 100 days ago (around a device charge), and refunded at the
  // next Sunday 08:00 UTC.
  const around = h.usage.find((u) => u.kind === 'device' && u.charge_day >= shift(today, -130))?.charge_day;
  if (!around) return;
  const seen = shift(around, -2);
  const removed = shift(around, 4);
  const charges = h.usage.filter((u) => u.kind === 'device' && u.charge_day >= seen && u.charge_day <= removed);
  const share = charges.reduce((sum, u) => sum + Math.round(Number(u.amount) / Math.max(1, Number(u.quantity))), 0);
  if (share <= 0) return;
  const when = billing.latestRefundTime(new Date(dayMs(removed) + 8 * 86_400_000));
  const index = h.packs.length;
  h.packs.push({
    name: billing.REFUND_PACK_NAME,
    amount: share * 2,
    cost: 0,
    source: 'refund',
    purchase_date: when,
    expiry_date: null,
    added_by_user: 'Customer guarantee',
    creates_billing_entry: false,
    amount_used: 0,
    amount_expired: 0,
  });
  h.ledger.push({ kind: 'refund', amount: share * 2, pack: index, usage: null, created_at: when });
  h.balance += share * 2;
  names.slice(3).forEach((name, i) => {
    h.devices.push({
      device_key: `gone-${c.id}-${i}`,
      username: name,
      first_seen_at: new Date(dayMs(seen)),
      deleted_at: new Date(dayMs(removed)),
      refunded_at: when,
      refund_pack: index,
      refund_amount: share,
    });
  });
}

/**
 * The demo companies' billing: two years (or their life) of daily stats, services, credit packs, charges
 * and their ledger rows, computed in memory and stored in bulk; every day before today is marked charged,
 * so the daily run charges today itself when the app starts.
 */
export async function seedBillingHistory(db: Database, now: Date, companies: DemoBillingCompany[]): Promise<void> {
  const today = billing.billingDayOf(now);
  const prices = await billing.listPrices({ db });
  const histories = companies.map((c) => {
    let h = historyOf(c, prices, today);
    if (c.profile.runsOutToday) {
      // Charges do not depend on the credit while it lasts: a second pass with exactly enough leaves 10 cents.
      const rich = historyOf(c, prices, today, 100_000_000);
      h = historyOf(c, prices, today, 100_000_000 - rich.balance + 10);
    }
    fleetOf(h);
    if (c.profile.hostedConsole) devicesOf(h, today, c);
    return h;
  });
  const days = Array.from({ length: HISTORY_DAYS }, (_, i) => shift(today, -HISTORY_DAYS + i));
  await billing.importHistory(db, histories, days, now);
}

/** What each hand-made demo customer runs, by its key and state (distributors and staff run nothing). */
export function profileFor(key: string, state: CompanyState): BillingProfile {
  if (key === 'runout') return { devices: [3, 3], hyperv: [4, 4], topUpDays: 0, runsOutToday: true };
  if (key === 'acme')
    return { devices: [12, 26], microsoft365: [20, 45], hyperv: [2, 5], storage: [0.8, 3.2], hostedConsole: true, topUpDays: 10 };
  if (state === 'SUSPENDED') return { devices: [4, 6], topUpDays: 0 };
  if (key === 'pending') return { devices: [6, 9], storage: [0.5, 1.1], topUpDays: 7 };
  if (state === 'TRIAL') return { devices: [2, 3], topUpDays: 7 };
  return { devices: [3, 8], microsoft365: [4, 10], topUpDays: 7 };
}
