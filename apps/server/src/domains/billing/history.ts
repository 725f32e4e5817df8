import type { Database } from '../../platform/db.ts';
import * as q from './queries/history.ts';

/**
 * A company's billing history as the demo world writes it in bulk: rows in the shape of the tables, linked by
 * their place in these lists (`service`, `pack`, `usage` index into the company's lists), so the seed
 * computes two years of charges in memory and stores them in a few statements. The seed keeps the books
 * as the ledger would (packs' used amounts and the balance are the sums of the rows), and
 * `npm run ledger:verify` holds it to that.
 */
export interface CompanyHistory {
  company_id: number;
  services: Omit<q.NewServiceRow, 'company_id'>[];
  packs: Omit<q.NewPackRow, 'company_id'>[];
  usage: (Omit<q.NewUsageRow, 'company_id' | 'service_id'> & { service: number })[];
  ledger: (Omit<q.NewLedgerRow, 'company_id' | 'pack_id' | 'usage_id'> & { pack: number | null; usage: number | null })[];
  stats: Omit<q.NewStatsRow, 'company_id'>[];
  devices: (Omit<q.NewDeviceRow, 'company_id' | 'refund_pack_id'> & { refund_pack: number | null })[];
  balance: number;
  suspended_for_credit: boolean;
  created_at: Date;
}

/** Stores companies' histories (a new database's demo world) and marks the charge days before `lastDay` done. */
export async function importHistory(db: Database, histories: CompanyHistory[], chargedDays: string[], now: Date): Promise<void> {
  for (const h of histories) {
    const c = h.company_id;
    await q.insertAccounts(db, [
      { company_id: c, balance: h.balance, suspended_for_credit: h.suspended_for_credit, created_at: h.created_at },
    ]);
    const serviceIds = (
      await q.insertServices(
        db,
        h.services.map((s) => ({ ...s, company_id: c })),
      )
    ).map((r) => r.id);
    const packIds = (
      await q.insertPacks(
        db,
        h.packs.map((p) => ({ ...p, company_id: c })),
      )
    ).map((r) => r.id);
    const at = <T>(ids: T[], i: number) => {
      const id = ids[i];
      if (id === undefined) throw new Error(`history of company ${c} points at a missing row ${i}`);
      return id;
    };
    const usageIds = (
      await q.insertUsage(
        db,
        h.usage.map(({ service, ...u }) => ({ ...u, company_id: c, service_id: at(serviceIds, service) })),
      )
    ).map((r) => r.id);
    await q.insertLedger(
      db,
      h.ledger.map(({ pack, usage, ...l }) => ({
        ...l,
        company_id: c,
        pack_id: pack === null ? null : at(packIds, pack),
        usage_id: usage === null ? null : at(usageIds, usage),
      })),
    );
    await q.insertStats(
      db,
      h.stats.map((s) => ({ ...s, company_id: c })),
    );
    await q.insertDevices(
      db,
      h.devices.map(({ refund_pack, ...d }) => ({
        ...d,
        company_id: c,
        refund_pack_id: refund_pack === null ? null : at(packIds, refund_pack),
      })),
    );
  }
  await q.insertChargingDays(db, chargedDays, now);
}
