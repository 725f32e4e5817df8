import { describe, expect, it } from 'vitest';
import { moveItem } from './draggable-rows';

describe('moveItem', () => {
  it('moves an item down or up without touching the original', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
