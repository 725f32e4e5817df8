import { ALL_CALLS } from '@portal/contract/all-calls';
import { describe, expect, it } from 'vitest';
import { UPDATE_HINT, currentAccess, readSnapshot, writeSnapshot } from './access-snapshot.ts';

describe('access snapshot', () => {
  it('every call has the access that was reviewed', () => {
    const current = currentAccess(ALL_CALLS);
    if (process.env.UPDATE_ACCESS_SNAPSHOT === '1') writeSnapshot(current);
    expect(current, `The access of a call differs from access-snapshot.json. ${UPDATE_HINT}`).toEqual(readSnapshot());
  });
});
