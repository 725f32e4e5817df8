import { z } from 'zod';

import { DEFAULT_PAGE_SIZE, UNLIMITED_PAGE_SIZE } from './page-sizes.ts';

export { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES, UNLIMITED_PAGE_SIZE } from './page-sizes.ts';

/** The paging fields every list call shares; `orderBy` lists the sortable columns. */
export function zPaging<const T extends readonly [string, ...string[]]>(orderBy: T, defaultPageSize = DEFAULT_PAGE_SIZE) {
  return z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(defaultPageSize),
    target_search_query: z.string().max(200).default(''),
    target_order: z.enum(orderBy).default(orderBy[0]),
    target_order_direction: z.enum(['asc', 'desc']).default('asc'),
  });
}

export type PagingInput = z.output<ReturnType<typeof zPaging>>;

export function zPageOf<R extends z.ZodType>(row: R) {
  return z.object({ rows: z.array(row), total: z.number().int().min(0) });
}

/**
 * A search counts its matches exactly up to this many; past it the list answers this number with
 * `total_capped: true`, and the table shows "10,000+" (docs/decisions/0014-capped-search-counts.md).
 */
export const SEARCH_COUNT_CAP = 10_000;

/** A page whose total may be capped (a searched list): `total_capped` says the total is at least `total`. */
export function zCappedPageOf<R extends z.ZodType>(row: R) {
  return zPageOf(row).extend({ total_capped: z.boolean().default(false) });
}
