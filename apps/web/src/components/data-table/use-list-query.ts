import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { type ListPage, type ListQuery, listPageQueryOptions, type TableSource } from './list-source';

/** The spec's search debounce. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface TableSort {
  /** The column accessor, to show the sort arrow. */
  accessor: string;
  /** The contract's target_order value. */
  key: string;
  direction: 'asc' | 'desc';
}

/** What a table's caller may keep outside the table (in the URL): the applied search, the page, the sort and the page size. */
export interface TableView {
  search: string;
  page: number;
  sort: TableSort | undefined;
  pageSize: number;
}

interface ListQueryOptions<Row, Output extends ListPage<Row>> {
  source: TableSource<Row, Output>;
  defaultPageSize: number;
  defaultSort?: TableSort | undefined;
  /** Given with onViewChange, the caller owns search, page, sort and page size (e.g. the URL) and the table follows it. */
  view?: TableView | undefined;
  onViewChange?: ((view: TableView) => void) | undefined;
}

/**
 * Paging, debounced search and sort for one table, and the query they drive.
 * Anything that changes which rows match (search, sort, page size, the source's filters) goes back to page 1.
 */
export function useListQuery<Row, Output extends ListPage<Row>>({
  source,
  defaultPageSize,
  defaultSort,
  view: outerView,
  onViewChange,
}: ListQueryOptions<Row, Output>) {
  const controlled = outerView !== undefined && onViewChange !== undefined;
  const [ownView, setOwnView] = useState<TableView>({ search: '', page: 1, sort: defaultSort, pageSize: defaultPageSize });
  const view = controlled ? outerView : ownView;
  const setView = (patch: Partial<TableView>) => {
    const next = { ...view, ...patch };
    if (controlled) onViewChange(next);
    else setOwnView(next);
  };
  const [searchText, setSearchText] = useState(view.search);

  // Reset during render (not in an effect) so the stale page is never requested with the new filters.
  // A caller that owns the view changes its filters and page together.
  const sourceKey = JSON.stringify(source.queryKey);
  const [seenSourceKey, setSeenSourceKey] = useState(sourceKey);
  if (seenSourceKey !== sourceKey) {
    setSeenSourceKey(sourceKey);
    if (!controlled) setOwnView((current) => ({ ...current, page: 1 }));
  }

  // The box follows a search applied from outside (back and forward through the URL).
  const [seenSearch, setSeenSearch] = useState(view.search);
  if (seenSearch !== view.search) {
    setSeenSearch(view.search);
    setSearchText(view.search);
  }

  // An effect event: the timer applies the search to the view as it is when it fires.
  const applySearch = useEffectEvent((text: string) => setView({ search: text, page: 1 }));
  const appliedSearch = view.search;
  useEffect(() => {
    if (searchText === appliedSearch) return;
    const timer = setTimeout(() => applySearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, appliedSearch]);

  const query: ListQuery = {
    page: view.page,
    page_size: view.pageSize,
    target_search_query: view.search,
    ...(view.sort ? { target_order: view.sort.key, target_order_direction: view.sort.direction } : {}),
  };

  const result = useQuery({
    ...listPageQueryOptions(source, query),
    // Keep showing the previous page while the next loads, so paging and searching do not flash empty.
    placeholderData: keepPreviousData,
  });

  return {
    query,
    result,
    page: view.page,
    setPage: (page: number) => setView({ page }),
    pageSize: view.pageSize,
    setPageSize: (pageSize: number) => setView({ pageSize, page: 1 }),
    searchText,
    setSearchText,
    sort: view.sort,
    setSort: (sort: TableSort) => setView({ sort, page: 1 }),
  };
}
