import { ALL_CALLS } from '@portal/contract/all-calls';
import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { describe, expect, it } from 'vitest';
import { UPDATE_HINT, currentAccess, currentEntryAccess, readSnapshot, writeSnapshot } from './access-snapshot.ts';

describe('access snapshot', () => {
  it('every call and entry point has the access that was reviewed', () => {
    const current = Object.fromEntries(
      Object.entries({ ...currentAccess(ALL_CALLS), ...currentEntryAccess(ALL_ENTRIES) }).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    if (process.env.UPDATE_ACCESS_SNAPSHOT === '1') writeSnapshot(current);
    expect(current, `The access of a call differs from access-snapshot.json. ${UPDATE_HINT}`).toEqual(readSnapshot());
  });
});
