/** The New Token dialog's rules, apart from the page so they are tested on their own. */

/** The chosen permissions as the wire's comma list, in the order offered. */
export function permissionList(offered: readonly string[], chosen: ReadonlySet<string>): string {
  return offered.filter((p) => chosen.has(p)).join(',');
}

/** Create is enabled only once the form has changed (spec-2 §5): at least one permission is chosen. */
export function canCreate(chosen: ReadonlySet<string>): boolean {
  return chosen.size > 0;
}

/** Turns one permission on or off. */
export function toggled(chosen: ReadonlySet<string>, permission: string, on: boolean): Set<string> {
  const next = new Set(chosen);
  if (on) next.add(permission);
  else next.delete(permission);
  return next;
}

/** The spec's failure line: its fixed words, then the server's message. */
export const failureText = (prefix: string, message: string) => `${prefix} ${message}`;

/** How long a new token lasts; a script's token can be made to stop by itself (spec-2 §5 leaves it open: decision 0030). */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In one year' },
] as const;

const DAY_MS = 86_400_000;

/** The wire's expires_at for a choice: absent for Never, otherwise that many days from now. */
export function expiresAt(choice: string, now: Date): string | undefined {
  const days = Number(choice);
  return Number.isInteger(days) && days > 0 ? new Date(now.getTime() + days * DAY_MS).toISOString() : undefined;
}
