const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `expiresAt` (an ISO timestamp), rounded up, never below zero. */
export function trialDaysLeft(expiresAt: string, now: Date = new Date()): number {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / DAY_MS)) : 0;
}

/** '12 days left', '1 day left', or 'Ends today'. */
export function trialDaysLeftLabel(days: number): string {
  if (days <= 0) return 'Ends today';
  return days === 1 ? '1 day left' : `${days} days left`;
}
