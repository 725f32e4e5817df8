import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

interface ListQueryOptions<Row, Output extends ListPage<Row>> {
  source: TableSource<Row, Output>;
  defaultPageSize: number;
  defaultSort?: TableSort | undefined;
}

/**
 * Paging, debounced search and sort for one table, and the query they drive.
 * Anything that changes which rows match (search, sort, page size, the source's filters) goes back to page 1.
 */
export function useListQuery<Row, Output extends ListPage<Row>>({ source, defaultPageSize, defaultSort }: ListQueryOptions<Row, Output>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(defaultPageSize);
  const [searchText, setSearchText] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [sort, setSortState] = useState(defaultSort);

  // Reset during render (not in an effect) so the stale page is never requested with the new filters.
  const sourceKey = JSON.stringify(source.queryKey);
  const [seenSourceKey, setSeenSourceKey] = useState(sourceKey);
  if (seenSourceKey !== sourceKey) {
    setSeenSourceKey(sourceKey);
    setPage(1);
  }

  useEffect(() => {
    if (searchText === appliedSearch) return;
    const timer = setTimeout(() => {
      setAppliedSearch(searchText);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, appliedSearch]);

  const query: ListQuery = {
    page,
    page_size: pageSize,
    target_search_query: appliedSearch,
    ...(sort ? { target_order: sort.key, target_order_direction: sort.direction } : {}),
  };

  const result = useQuery({
    ...listPageQueryOptions(source, query),
    // Keep showing the previous page while the next loads, so paging and searching do not flash empty.
    placeholderData: keepPreviousData,
  });

  return {
    query,
    result,
    page,
    setPage,
    pageSize,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
    searchText,
    setSearchText,
    sort,
    setSort: (next: TableSort) => {
      setSortState(next);
      setPage(1);
    },
  };
}
