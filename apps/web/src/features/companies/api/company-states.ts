import type { CompanyState } from '@portal/contract/shared/fields';

/** How the spec's company states read on screen. */
export const COMPANY_STATE_LABEL: Record<CompanyState, string> = {
  TRIAL: 'Trial',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  PENDING_DELETE: 'Pending delete',
  DELETED: 'Deleted',
  MIGRATED: 'Migrated',
};

export const COMPANY_STATE_COLOR: Record<CompanyState, string> = {
  TRIAL: 'blue',
  ACTIVE: 'green',
  SUSPENDED: 'orange',
  PENDING_DELETE: 'red',
  DELETED: 'gray',
  MIGRATED: 'gray',
};
