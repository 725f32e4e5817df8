import type { UsageItem, UsageItemType } from '@portal/contract/reports/distributor-usage';

/** The pure arithmetic of the distributor usage report (docs/decisions/0061). */

/** Service kinds to the report's item types: both legacy storages read as storage legacy (spec-2 §3). */
const TYPE_OF_KIND: Record<string, UsageItemType> = {
  device: 'device',
  booster: 'booster',
  serial: 'serial',
  hosted_server: 'hosted_server',
  storage: 'storage',
  storage_legacy: 'storage_legacy',
  hosted_server_storage_legacy: 'storage_legacy',
  cloudview: 'cloudview',
  account: 'account',
};

/** Item types that earn no discount and no commission: storage is at 0% (spec-2 §9). */
export const STORAGE_TYPES: ReadonlySet<UsageItemType> = new Set(['storage', 'storage_legacy']);

export interface ChargeGroup {
  kind: string;
  variant: string;
  count: number;
  charge_count: number;
  charge_total_cents: number;
}

/** One item per type and booster type, in the contract's type order; a legacy storage pair adds up. */
export function itemsOf(groups: ChargeGroup[], plan: { plan_id: string; plan_description: string }): UsageItem[] {
  const items = new Map<string, UsageItem>();
  for (const g of groups) {
    const type = TYPE_OF_KIND[g.kind];
    if (!type) continue;
    const boosterType = type === 'booster' ? g.variant : null;
    const key = `${type}/${boosterType ?? ''}`;
    const seen = items.get(key);
    const m365 = boosterType === 'microsoft365' ? g.count : 0;
    if (seen) {
      seen.count = Math.max(seen.count, g.count);
      seen.charge_count += g.charge_count;
      seen.charge_total_cents += g.charge_total_cents;
      seen.booster_365_account_count = Math.max(seen.booster_365_account_count, m365);
    } else {
      items.set(key, {
        type,
        booster_type: boosterType,
        plan_id: plan.plan_id,
        plan_description: plan.plan_description,
        count: g.count,
        charge_count: g.charge_count,
        charge_total_cents: g.charge_total_cents,
        booster_365_account_count: m365,
      });
    }
  }
  const order = Object.values(TYPE_OF_KIND);
  return [...items.values()].sort(
    (a, b) => order.indexOf(a.type) - order.indexOf(b.type) || (a.booster_type ?? '').localeCompare(b.booster_type ?? ''),
  );
}

export function totalOf(items: UsageItem[], only?: (type: UsageItemType) => boolean): number {
  return items.filter((i) => !only || only(i.type)).reduce((sum, i) => sum + i.charge_total_cents, 0);
}

/** percent (a whole number) of cents, rounded up to a whole cent: ceil(n / 100) is floor((n + 99) / 100) for n ≥ 0. */
export function percentRoundedUp(cents: number, percent: number): number {
  return Math.floor((cents * percent + 99) / 100);
}

/** The month's first and last day (YYYY-MM-DD) of a YYYY-MM. */
export function monthDays(yearmonth: string): { from: string; to: string } {
  const [y, m] = yearmonth.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${yearmonth}-01`, to: `${yearmonth}-${String(last).padStart(2, '0')}` };
}

/** The YYYY-MM n months after (n < 0: before) a YYYY-MM. */
export function addMonths(yearmonth: string, n: number): string {
  const [y, m] = yearmonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
