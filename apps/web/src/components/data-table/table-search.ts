import { PAGE_SIZE_CHOICES } from '@portal/contract/shared/page-sizes';
import { integer, oneOf, type SearchOf, type SearchReader, searchSchema, text } from '../../lib/search-params';
import type { ListQuery } from './list-source';
import type { TableSort, TableView } from './use-list-query';

/** A page size the footer offers every table; a table's own default never needs the URL. */
const isOfferedPageSize = (size: number) => (PAGE_SIZE_CHOICES as readonly number[]).includes(size);

/**
 * A table's view as it sits in the URL, so a reload or a shared link shows the same rows:
 * `q` the applied search, `page`, `sort`/`dir` (a column accessor and direction) and `size` (rows per page,
 * one of the offered choices; anything else falls back to the table's default). Defaults are left out.
 */
const offeredPageSize: SearchReader<number> = (value) => {
  const size = integer(1)(value);
  return size !== undefined && isOfferedPageSize(size) ? size : undefined;
};

export const tableSearchSchema = searchSchema({
  q: text(200),
  page: integer(1, 1_000_000),
  sort: text(64),
  dir: oneOf(['asc', 'desc']),
  size: offeredPageSize,
});
export type TableSearch = SearchOf<typeof tableSearchSchema.readers>;

/** The keys of a TableSearch, for a route to pass on or drop as a group. */
export const TABLE_SEARCH_KEYS = ['q', 'page', 'sort', 'dir', 'size'] as const;

export interface SortableColumn {
  accessor: string | number | symbol;
  sortable?: boolean | undefined;
  sortKey?: string | undefined;
}

export interface DefaultSort {
  accessor: string;
  direction: 'asc' | 'desc';
}

function sortOf(columns: readonly SortableColumn[], accessor: string, direction: 'asc' | 'desc'): TableSort {
  const column = columns.find((item) => item.accessor === accessor);
  return { accessor, key: column?.sortKey ?? accessor, direction };
}

/**
 * The view a URL asks for; a sort on a column that cannot sort (an old or edited link) falls back to the
 * default, and so does a page size the table does not offer.
 */
export function viewOfSearch(
  search: TableSearch,
  columns: readonly SortableColumn[],
  defaultSort: DefaultSort | undefined,
  defaultPageSize: number,
): TableView {
  const sortable = search.sort !== undefined && columns.some((column) => column.sortable && column.accessor === search.sort);
  const sort =
    sortable && search.sort !== undefined
      ? sortOf(columns, search.sort, search.dir ?? 'asc')
      : defaultSort && sortOf(columns, defaultSort.accessor, defaultSort.direction);
  const pageSize = search.size !== undefined && isOfferedPageSize(search.size) ? search.size : defaultPageSize;
  return { search: search.q ?? '', page: search.page ?? 1, sort, pageSize };
}

/** The URL form of a view: only what differs from the table's defaults, so a fresh table has a clean URL. */
export function searchOfView(view: TableView, defaultSort: DefaultSort | undefined, defaultPageSize: number): TableSearch {
  const isDefaultSort = view.sort?.accessor === defaultSort?.accessor && view.sort?.direction === defaultSort?.direction;
  return {
    ...(view.search ? { q: view.search } : {}),
    ...(view.page > 1 ? { page: view.page } : {}),
    ...(view.sort && !isDefaultSort ? { sort: view.sort.accessor, dir: view.sort.direction } : {}),
    ...(view.pageSize !== defaultPageSize ? { size: view.pageSize } : {}),
  };
}

/** The list query a URL asks for, for a route loader to preload exactly the page the table will show. */
export function listQueryOfSearch(
  search: TableSearch,
  defaultPageSize: number,
  columns: readonly SortableColumn[],
  defaultSort: DefaultSort | undefined,
): ListQuery {
  const view = viewOfSearch(search, columns, defaultSort, defaultPageSize);
  return {
    page: view.page,
    page_size: view.pageSize,
    target_search_query: view.search,
    ...(view.sort ? { target_order: view.sort.key, target_order_direction: view.sort.direction } : {}),
  };
}
