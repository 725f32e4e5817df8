import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { queryOptions } from '@tanstack/react-query';
import { call, downloadExport, type ExportFormat } from '../../lib/api-client';

/** The paging fields every list call shares (the contract's zPaging); sort is left out until chosen. */
export interface ListQuery {
  page: number;
  page_size: number;
  target_search_query: string;
  target_order?: string;
  target_order_direction?: 'asc' | 'desc';
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** A searched list stopped counting at `total` (the count cap): the footer shows "10,000+". */
  total_capped?: boolean;
}

/** Where a DataTable gets its rows: a contract list call (see `callSource`) or any fetcher with a query key. */
export interface TableSource<Row, Output extends ListPage<Row> = ListPage<Row>> {
  /** Stable, serialisable key; the current ListQuery is appended. Mutations invalidate by its prefix. */
  queryKey: readonly unknown[];
  fetchPage: (query: ListQuery, signal?: AbortSignal) => Promise<Output>;
  /** Present when the list can be downloaded; receives the current query (all pages are exported). */
  exportFile?: ((query: ListQuery, format: ExportFormat) => Promise<void>) | undefined;
}

type PagingKey = keyof ListQuery;
/** The row type of a list call; `never` for a call that is not a list, which makes its columns unusable. */
export type RowOf<C extends Call> = CallOutput<C> extends { rows: (infer R)[] } ? R : never;
export type FixedInput<C extends Call> = Omit<CallInput<C>, PagingKey>;

/** The query a table starts with, before the user searches, sorts or pages: what a route loader preloads. */
export function firstPageQuery(pageSize: number, sort?: { key: string; direction: 'asc' | 'desc' }): ListQuery {
  return {
    page: 1,
    page_size: pageSize,
    target_search_query: '',
    ...(sort ? { target_order: sort.key, target_order_direction: sort.direction } : {}),
  };
}

/** One page of a table; the table and route loaders share it, so a preloaded page is the one shown. */
export function listPageQueryOptions<Row, Output extends ListPage<Row>>(source: TableSource<Row, Output>, query: ListQuery) {
  return queryOptions({ queryKey: [...source.queryKey, query], queryFn: ({ signal }) => source.fetchPage(query, signal) });
}

/** The query key prefix of a contract list call, for invalidation after a mutation. */
function listQueryKey(definition: Call): readonly [string] {
  return [definition.path];
}

/**
 * A TableSource for a contract list call. `fixedInput` holds the call's own filters
 * (e.g. target_company_states); the table adds paging, search and sort.
 */
export function callSource<C extends Call>(
  definition: C,
  ...[fixedInput]: Partial<FixedInput<C>> extends FixedInput<C> ? [fixedInput?: FixedInput<C>] : [fixedInput: FixedInput<C>]
): TableSource<RowOf<C>, CallOutput<C> & ListPage<RowOf<C>>> {
  const fixed = fixedInput ?? {};
  const input = (query: ListQuery) => ({ ...fixed, ...query }) as CallInput<C>;
  return {
    queryKey: [...listQueryKey(definition), fixed],
    fetchPage: (query, signal) => call(definition, input(query), { signal }) as Promise<CallOutput<C> & ListPage<RowOf<C>>>,
    exportFile: definition.exportable ? (query, format) => downloadExport(definition, input({ ...query, page: 1 }), format) : undefined,
  };
}
