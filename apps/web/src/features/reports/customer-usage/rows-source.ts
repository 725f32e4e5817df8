import type { CustomerUsageRow } from '@portal/contract/reports/customer-usage';
import type { ListPage, ListQuery, TableSource } from '../../../components/data-table/list-source';

export const SORT_KEYS = ['company_name', 'balance', 'usage_total_cents', 'created_at'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const isSortKey = (key: string | undefined): key is SortKey => (SORT_KEYS as readonly string[]).includes(key ?? '');

/** One page of the rows received so far: searched by name or email, sorted, paged, all in the browser. */
export function pageOf(rows: readonly CustomerUsageRow[], query: ListQuery): ListPage<CustomerUsageRow> {
  const needle = query.target_search_query.trim().toLowerCase();
  const found = needle
    ? rows.filter((r) => r.company_name.toLowerCase().includes(needle) || r.users.some((u) => u.email.toLowerCase().includes(needle)))
    : [...rows];
  const key = query.target_order;
  if (isSortKey(key)) {
    const sign = query.target_order_direction === 'desc' ? -1 : 1;
    found.sort((a, b) => {
      const x = a[key];
      const y = b[key];
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
    });
  }
  const start = (query.page - 1) * query.page_size;
  return { rows: found.slice(start, start + query.page_size), total: found.length };
}

/**
 * The table's source over the rows streamed so far. `version` (the run and how many rows it has) is in the key,
 * so the table reads again as rows arrive; the array itself is only ever appended to.
 */
export function streamedRowsSource(rows: readonly CustomerUsageRow[], version: string): TableSource<CustomerUsageRow> {
  return {
    queryKey: ['reports', 'customer-usage', version],
    fetchPage: async (query) => pageOf(rows, query),
  };
}
