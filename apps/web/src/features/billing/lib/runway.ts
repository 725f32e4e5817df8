import { daysBefore } from './usage-range';

export interface BalanceDay {
  date: string;
  balance: number;
  charged: number;
  credited: number;
}

/** The day the ledger card opens on: the newest with a charge, else the newest. */
export function latestChargedDay<D extends BalanceDay>(days: readonly D[]): D | undefined {
  return [...days].reverse().find((day) => day.charged > 0) ?? days.at(-1);
}

/** One point of the chart: the balance in dollars, or the forecast after the last known day. */
export interface ChartPoint {
  date: string;
  balance?: number;
  forecast?: number;
}

/** The forecast stops here even when the credit would last longer: the chart covers 90 days back. */
export const FORECAST_MAX_DAYS = 90;

const dollars = (cents: number) => cents / 100;

/**
 * The balance over the last days and the runway after them: from the last day's balance the forecast falls by
 * the recent daily charge (the weekly estimate ÷ 7) until it reaches zero, at most FORECAST_MAX_DAYS ahead.
 * No forecast while nothing is charged (the balance would last forever) or the balance is already spent.
 */
export function balanceChartPoints(days: readonly BalanceDay[], estimatedWeeklyCents: number): ChartPoint[] {
  const points: ChartPoint[] = days.map((day) => ({ date: day.date, balance: dollars(day.balance) }));
  const last = days.at(-1);
  const daily = estimatedWeeklyCents / 7;
  if (!last || daily <= 0 || last.balance <= 0) return points;
  // The forecast line starts on the last real point, so the two lines meet.
  const lastPoint = points.at(-1) as ChartPoint;
  lastPoint.forecast = dollars(last.balance);
  const runway = Math.min(FORECAST_MAX_DAYS, Math.ceil(last.balance / daily));
  for (let day = 1; day <= runway; day += 1) {
    const left = Math.max(0, last.balance - daily * day);
    points.push({ date: daysBefore(last.date, -day), forecast: Math.round(left) / 100 });
  }
  return points;
}
