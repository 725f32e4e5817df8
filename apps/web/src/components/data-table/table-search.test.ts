import { describe, expect, it } from 'vitest';
import { listQueryOfSearch, searchOfView, tableSearchSchema, viewOfSearch } from './table-search';

const columns = [
  { accessor: 'name', sortable: true, sortKey: 'company_name' },
  { accessor: 'notes', sortable: false },
];
const DEFAULT_SORT = { accessor: 'name', direction: 'asc' } as const;

describe('table view in the URL', () => {
  it('takes a page size from the URL only when the table offers it', () => {
    expect(tableSearchSchema.parse({ size: '100' })).toEqual({ size: 100 });
    expect(tableSearchSchema.parse({ size: '9999999' })).toEqual({ size: 9_999_999 });
    for (const size of ['25', '7', '0', '-10', '50.5', 'lots', '100000000']) {
      expect(tableSearchSchema.parse({ size, q: 'kiwi' }), size).toEqual({ q: 'kiwi' });
    }
  });

  it("reads a missing or unoffered page size as the table's own default", () => {
    expect(viewOfSearch({}, columns, DEFAULT_SORT, 25).pageSize).toBe(25);
    expect(viewOfSearch({ size: 1000 }, columns, DEFAULT_SORT, 25).pageSize).toBe(1000);
    expect(viewOfSearch({ size: 33 }, columns, DEFAULT_SORT, 25).pageSize).toBe(25);
  });

  it('writes the page size only when it differs from the default, so a fresh table keeps a clean URL', () => {
    const view = viewOfSearch({}, columns, DEFAULT_SORT, 50);
    expect(searchOfView(view, DEFAULT_SORT, 50)).toEqual({});
    expect(searchOfView({ ...view, pageSize: 10, page: 3 }, DEFAULT_SORT, 50)).toEqual({ page: 3, size: 10 });
  });

  it('preloads the page with the size the URL asks for', () => {
    expect(listQueryOfSearch({ page: 2, size: 100 }, 50, columns, DEFAULT_SORT)).toEqual({
      page: 2,
      page_size: 100,
      target_search_query: '',
      target_order: 'company_name',
      target_order_direction: 'asc',
    });
    expect(listQueryOfSearch({}, 50, columns, DEFAULT_SORT).page_size).toBe(50);
  });
});
