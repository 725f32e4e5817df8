import type { Update } from '@portal/contract/tickets/ticket-view';
import { describe, expect, it } from 'vitest';
import { updateText } from './update-text';

const u = (o: Partial<Update>): Update => ({
  id: 1,
  type: 'status',
  old_state: null,
  new_state: null,
  created_at: '2026-11-01T00:00:00Z',
  user: { contact_name: 'Sam Support' },
  added: [],
  removed: [],
  tag: null,
  assignee: null,
  ...o,
});

describe('update lines', () => {
  it('says who changed what, grouping tags and naming the reminder job as the system', () => {
    expect(updateText(u({ old_state: 'New', new_state: 'On hold' }))).toBe('Sam Support changed the status: New → On hold');
    expect(updateText(u({ type: 'tags', added: ['a', 'b'], removed: ['c'] }))).toBe('Sam Support changed tags: added a, b; removed c');
    expect(updateText(u({ type: 'reminder', new_state: '7', user: { contact_name: null } }))).toBe('Reminder: no news for 7 days');
    expect(updateText(u({ type: 'reminder', old_state: '7', new_state: '14' }))).toBe(
      'Sam Support changed the reminder period: 7 → 14 days',
    );
    expect(updateText(u({ type: 'merged', old_state: '#4', new_state: '#9' }))).toBe('Sam Support merged ticket #4 into #9');
  });
});
