import { currentMonth } from '@portal/contract/reports/current-month';
import { TV_DAILY_STATS_DAYS, TV_MESSAGES, type TvDailyStats, reportsLive } from '@portal/contract/reports/tv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../../test/factories.ts';
import { PRODUCTION_ENV, type TestContext, TestClient, appWith, createTestContext, newCompany, ok } from '../../../test/harness.ts';
import { putDailyStats, setTicketRow } from '../../../test/rows.ts';
import { TV_ATTEMPTS } from './credentials.ts';

/**
 * The TV wall's figures over hand-made daily stats and tickets. The test clock stands at 2026-11-21 00:00 UTC,
 * 13:00 on 21 November in Auckland, so the 60 complete days are 22 September to 20 November (today's stats are
 * still arriving); every expected figure is summed here from the fixture by the definition in docs/decisions/0063.
 */
const TODAY = '2026-11-21';
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const TV = { username: 'tv', password: 'tv-wall' };

type Kind = 'partner' | 'customer' | 'internal';
interface Stat {
  company: string;
  day: number;
  devices: number;
  boosters: number;
  hosted: number;
  cloudview: number;
  storage: number;
}
const COMPANIES: Record<string, Kind> = { P1: 'partner', P2: 'partner', C3: 'customer', I4: 'internal' };
const STATS: Stat[] = [
  { company: 'P1', day: 0, devices: 10, boosters: 2, hosted: 1, cloudview: 0, storage: 5_000_000_000 },
  { company: 'P2', day: 0, devices: 0, boosters: 4, hosted: 0, cloudview: 1, storage: 0 },
  { company: 'C3', day: 0, devices: 7, boosters: 0, hosted: 2, cloudview: 1, storage: 123 },
  { company: 'I4', day: 0, devices: 1000, boosters: 1000, hosted: 9, cloudview: 9, storage: 9_999 },
  { company: 'P1', day: -1, devices: 9, boosters: 2, hosted: 1, cloudview: 0, storage: 4_000_000_000 },
  { company: 'P2', day: -1, devices: 3, boosters: 0, hosted: 0, cloudview: 0, storage: 0 },
  { company: 'C3', day: -30, devices: 6, boosters: 1, hosted: 0, cloudview: 0, storage: 0 },
  { company: 'P1', day: -59, devices: 1, boosters: 0, hosted: 0, cloudview: 0, storage: 10 },
  { company: 'P1', day: -60, devices: 2, boosters: 0, hosted: 0, cloudview: 0, storage: 0 },
  // Outside the window: the 62nd day back, and tomorrow (a day Auckland has not reached).
  { company: 'P1', day: -61, devices: 500, boosters: 5, hosted: 5, cloudview: 5, storage: 5 },
  { company: 'C3', day: 1, devices: 500, boosters: 5, hosted: 5, cloudview: 5, storage: 5 },
];

interface Ticket {
  /** Hours before now it was opened, and closed (null: still open). */
  openedHoursAgo: number;
  closedHoursAgo: number | null;
  priority: 'Critical' | 'Default';
}
const TICKETS: Ticket[] = [
  { openedHoursAgo: 1, closedHoursAgo: null, priority: 'Critical' },
  { openedHoursAgo: 30, closedHoursAgo: 2, priority: 'Default' },
  { openedHoursAgo: 24 * 7 - 1, closedHoursAgo: null, priority: 'Default' },
  { openedHoursAgo: 24 * 7 + 1, closedHoursAgo: 24 * 6, priority: 'Critical' },
  { openedHoursAgo: 24 * 20, closedHoursAgo: 24 * 10, priority: 'Default' },
  { openedHoursAgo: 24 * 30, closedHoursAgo: null, priority: 'Critical' },
];

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const ids: Record<string, number> = {};
  for (const [name, kind] of Object.entries(COMPANIES)) {
    const made = await newCompany(t.db, {
      current_state: 'ACTIVE',
      is_partner_company: kind === 'partner',
      is_internal_comet_company: kind === 'internal',
    });
    ids[name] = made.company.id;
  }
  for (const s of STATS) {
    await putDailyStats(t, {
      company_id: ids[s.company] ?? 0,
      date: day(s.day),
      device_count: s.devices,
      booster_count: s.boosters,
      hosted_comet_v2_count: s.hosted,
      cloudview_count: s.cloudview,
      storage_amount_bytes: s.storage,
    });
  }
  const now = t.clock.now();
  for (const ticket of TICKETS) {
    const id = await newTicket(t.db, now, ids.C3 ?? 0);
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await setTicketRow(t, id, {
      created_at: hoursAgo(ticket.openedHoursAgo),
      open: ticket.closedHoursAgo === null,
      closed_at: ticket.closedHoursAgo === null ? null : hoursAgo(ticket.closedHoursAgo),
      priority: ticket.priority,
    });
  }
});
afterAll(() => t.close());

function expectedDays(): TvDailyStats[] {
  return Array.from({ length: TV_DAILY_STATS_DAYS }, (_, i) => {
    const offset = i - TV_DAILY_STATS_DAYS;
    const rows = STATS.filter((s) => s.day === offset && COMPANIES[s.company] !== 'internal');
    const sum = (f: (s: Stat) => number) => rows.reduce((n, s) => n + f(s), 0);
    return {
      date: day(offset),
      device_count: sum((s) => s.devices),
      booster_count: sum((s) => s.boosters),
      active_partner_count: rows.filter((s) => s.devices > 0).length,
      hosted_comet_v2_count: sum((s) => s.hosted),
      cloudview_count: sum((s) => s.cloudview),
      storage_amount_total: sum((s) => s.storage),
      storage_active_count: rows.filter((s) => s.storage > 0).length,
    };
  });
}

function expectedTickets() {
  const within = (hoursAgo: number | null) => hoursAgo !== null && hoursAgo <= 24 * 7;
  return {
    opened: TICKETS.filter((k) => within(k.openedHoursAgo)).length,
    closed: TICKETS.filter((k) => within(k.closedHoursAgo)).length,
    open_now: TICKETS.filter((k) => k.closedHoursAgo === null).length,
    critical_open: TICKETS.filter((k) => k.closedHoursAgo === null && k.priority === 'Critical').length,
  };
}

describe('/api/v1/reports/live', () => {
  it("answers the wall's 60 days and 7 days of tickets to its username and password, without a session", async () => {
    const res = ok(await new TestClient(t.app).call(reportsLive, TV));
    expect(res.data.daily_stats).toEqual(expectedDays());
    expect(res.data.daily_stats[0]?.date).toBe('2026-09-22');
    expect(res.data.daily_stats.at(-1)).toMatchObject({
      date: day(-1),
      device_count: 12,
      booster_count: 2,
      active_partner_count: 2,
      storage_amount_total: 4_000_000_000,
      storage_active_count: 1,
    });
    expect(res.data.ticket_stats_7d).toEqual(expectedTickets());
    expect(res.data.ticket_stats_7d).toEqual({ opened: 3, closed: 2, open_now: 3, critical_open: 2 });
  });

  it("shows /reports' Monthly Totals and Signups By Month, the same cached answers an admin reads", async () => {
    const wall = ok(await new TestClient(t.app).call(reportsLive, TV)).data;
    const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
    const admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
    const totals = ok(await admin.call(currentMonth, { id: 'admin_monthly_totals' })).data;
    const signups = ok(await admin.call(currentMonth, { id: 'admin_signup_by_month' })).data;
    expect(wall.report_admin_monthly_totals).toEqual(totals);
    expect(wall.report_admin_signup_by_month).toEqual(signups);
    expect(wall.report_admin_monthly_totals.data.id).toBe('admin_monthly_totals');
    // One figure, one definition: the devices tile and the current month's bar read the same complete day.
    const month = wall.report_admin_monthly_totals.data.rows.at(-1);
    expect(month?.month).toBe('2026-11');
    expect(wall.daily_stats.at(-1)?.device_count).toBe(month?.devices);
    expect(wall.report_admin_signup_by_month.data.rows.length).toBeGreaterThan(0);
  });

  it('refuses a wrong username or password with 401', async () => {
    const client = new TestClient(t.app);
    for (const wrong of [
      { username: 'tv', password: 'tv-wal' },
      { username: 'tv ', password: 'tv-wall' },
      { username: '', password: '' },
      { username: 'TV', password: 'tv-wall' },
    ]) {
      const res = await client.call(reportsLive, wrong);
      expect({ code: res.code, message: res.message }).toEqual({ code: 401, message: TV_MESSAGES.invalid });
    }
  });

  it('takes the configured pair instead of the default', async () => {
    const app = await appWith(t, { REPORTS_TV_USERNAME: 'lobby', REPORTS_TV_PASSWORD: 'a long wall password' });
    try {
      expect((await new TestClient(app).call(reportsLive, TV)).code).toBe(401);
      expect((await new TestClient(app).call(reportsLive, { username: 'lobby', password: 'a long wall password' })).code).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is off in production until it is configured', async () => {
    const app = await appWith(t, PRODUCTION_ENV);
    try {
      expect((await new TestClient(app).call(reportsLive, TV)).code).toBe(401);
      expect((await new TestClient(app).call(reportsLive, { username: '', password: '' })).code).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('holds an address to its attempts, right ones included, once it has guessed too often', async () => {
    const client = new TestClient(t.app);
    const codes: number[] = [];
    for (let i = 0; i < TV_ATTEMPTS.max + 2; i++)
      codes.push((await client.call(reportsLive, { username: 'tv', password: `guess ${i}` })).code);
    expect(codes).toContain(429);
    const right = await client.call(reportsLive, TV);
    expect({ code: right.code, message: right.message }).toEqual({ code: 429, message: TV_MESSAGES.tooMany });
  });
});
