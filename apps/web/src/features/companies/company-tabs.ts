import { DEFAULT_ADMIN_COMPANY_STATES } from '@portal/contract/companies/admin-company-views';
import type { CompanyState } from '@portal/contract/shared/fields';

/** The spec's restrict values for /dashboard_admin; no restrict means the default (current) view. */
export const ADMIN_COMPANY_RESTRICTS = ['active', 'trial', 'suspended', 'pending-delete', 'deleted'] as const;
export type AdminCompanyRestrict = (typeof ADMIN_COMPANY_RESTRICTS)[number];

export const CURRENT_TAB = 'current';
export type CompanyTabValue = AdminCompanyRestrict | typeof CURRENT_TAB;

export interface CompanyTab {
  value: CompanyTabValue;
  label: string;
  states: readonly CompanyState[];
}

export const COMPANY_TABS: readonly CompanyTab[] = [
  { value: CURRENT_TAB, label: 'Current', states: DEFAULT_ADMIN_COMPANY_STATES },
  { value: 'active', label: 'Active', states: ['ACTIVE'] },
  { value: 'trial', label: 'Trial', states: ['TRIAL'] },
  { value: 'suspended', label: 'Suspended', states: ['SUSPENDED'] },
  { value: 'pending-delete', label: 'Pending delete', states: ['PENDING_DELETE'] },
  // Migrated companies have left for another vendor; like deleted ones they are no longer served.
  { value: 'deleted', label: 'Deleted', states: ['DELETED', 'MIGRATED'] },
];

export function tabFor(restrict: AdminCompanyRestrict | undefined): CompanyTab {
  const value: CompanyTabValue = restrict ?? CURRENT_TAB;
  return COMPANY_TABS.find((tab) => tab.value === value) ?? (COMPANY_TABS[0] as CompanyTab);
}

/** A tab's count from the list's count_in_state; unknown until the first page has loaded. */
export function tabCount(tab: CompanyTab, counts: Partial<Record<CompanyState, number>> | undefined): number | undefined {
  if (!counts) return undefined;
  return tab.states.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}
