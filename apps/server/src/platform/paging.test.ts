import { describe, expect, it } from 'vitest';
import { pageOf } from './paging.ts';

/** A list of `size` rows, paged as SQL with a window count would page it; counts how often it is counted alone. */
function list(size: number) {
  const all = Array.from({ length: size }, (_, i) => ({ id: i + 1, total: size }));
  const calls = { counts: 0 };
  const fetch = async (w: { limit: number; offset: number }) => all.slice(w.offset, w.offset + w.limit);
  const count = async () => {
    calls.counts += 1;
    return size;
  };
  return { fetch, count, calls };
}

describe('pageOf', () => {
  it('takes the total from the rows of a page that has rows, without counting', async () => {
    const l = list(7);
    const page = await pageOf({ limit: 3, offset: 3 }, l.fetch, l.count);
    expect(page.rows.map((r) => r.id)).toEqual([4, 5, 6]);
    expect(page.total).toBe(7);
    expect(l.calls.counts).toBe(0);
  });

  it('counts the list on its own for a page past the end', async () => {
    const l = list(7);
    const page = await pageOf({ limit: 3, offset: 9 }, l.fetch, l.count);
    expect(page).toEqual({ rows: [], total: 7 });
    expect(l.calls.counts).toBe(1);
  });

  it('answers an empty first page as an empty list, without counting', async () => {
    const l = list(0);
    expect(await pageOf({ limit: 3, offset: 0 }, l.fetch, l.count)).toEqual({ rows: [], total: 0 });
    expect(l.calls.counts).toBe(0);
  });
});
