import type { CompanyState } from './fields.ts';
import { PENDING_DELETE_DAYS } from './plans.ts';

const DAY_MS = 86_400_000;

/** The states whose companies are gone: their users cannot sign in and nothing of theirs changes. */
export const CLOSED_STATES: readonly CompanyState[] = ['DELETED', 'MIGRATED'];

export const isClosed = (company: { current_state: CompanyState }) => CLOSED_STATES.includes(company.current_state);

/** When a pending-delete company is deleted for good, in seconds since the epoch; null in other states. */
export function willDeleteAt(company: { current_state: CompanyState; current_state_applied_at: Date }): number | null {
  if (company.current_state !== 'PENDING_DELETE') return null;
  return Math.floor((company.current_state_applied_at.getTime() + PENDING_DELETE_DAYS * DAY_MS) / 1000);
}
