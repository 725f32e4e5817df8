import { describe, expect, it } from 'vitest';
import { COMPANY_TABS, tabCount, tabFor } from './company-tabs';

describe('company tabs', () => {
  it('selects the tab from the restrict search parameter, the current view by default', () => {
    expect(tabFor(undefined).states).toEqual(['TRIAL', 'ACTIVE', 'SUSPENDED']);
    expect(tabFor('pending-delete').states).toEqual(['PENDING_DELETE']);
    expect(tabFor('deleted').states).toEqual(['DELETED', 'MIGRATED']);
  });

  it('adds up the counts of every state a tab covers', () => {
    const counts = { TRIAL: 3, ACTIVE: 10, SUSPENDED: 2, PENDING_DELETE: 1, DELETED: 4, MIGRATED: 5 };
    expect(COMPANY_TABS.map((tab) => [tab.label, tabCount(tab, counts)])).toEqual([
      ['Current', 15],
      ['Active', 10],
      ['Trial', 3],
      ['Suspended', 2],
      ['Pending delete', 1],
      ['Deleted', 9],
    ]);
    expect(tabCount(tabFor('trial'), {})).toBe(0);
    expect(tabCount(tabFor('trial'), undefined)).toBeUndefined();
  });
});
