import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { addDays, dayOf } from './days.ts';
import { balanceOf } from './ledger.ts';
import * as q from './queries/reads.ts';
import { runningServicesOf } from './queries/services.ts';

/**
 * Days a server's last report counts as online: its lease lasts three days past its last check-in (the servers
 * domain's LEASE_GRACE_DAYS), and the day's figures sum the servers whose lease runs.
 */
const ONLINE_DAYS = 3;

export interface CompanyFigures {
  /** Devices online now: the newest daily figures the servers reported, while their leases run. */
  devices_online: number;
  boosters_online: number;
  /** Hosted consoles billed now: a console is billed from the day it is ready until it is deleted. */
  hosted_consoles: number;
  balance: number;
}

/**
 * A company's figures as every screen shows them, each from one source (docs/decisions/0089): the dashboard,
 * the ticket panel and anything else that names a company's devices, consoles or balance read them here.
 */
export async function companyFigures(ctx: CallContext<Actor | null>, companyId: number): Promise<CompanyFigures> {
  const today = dayOf(ctx.clock.now());
  const [stats, running, balance] = await Promise.all([
    q.latestDailyStats(ctx.db, companyId, today),
    runningServicesOf(ctx.db, companyId),
    balanceOf(ctx, companyId),
  ]);
  const fresh = stats !== null && stats.date > addDays(today, -ONLINE_DAYS);
  return {
    devices_online: fresh ? stats.device_count : 0,
    boosters_online: fresh ? stats.booster_count : 0,
    hosted_consoles: running.filter((s) => s.kind === 'hosted_server').length,
    balance,
  };
}
