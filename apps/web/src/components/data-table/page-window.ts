/** The spec shows up to 7 page links either side of the current page. */
export const PAGE_LINK_SIBLINGS = 7;

export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The page numbers to link to: the current page and up to `siblings` pages either side of it. */
export function pageWindow(page: number, totalPages: number, siblings: number = PAGE_LINK_SIBLINGS): number[] {
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  const first = Math.max(1, current - siblings);
  const end = Math.min(last, current + siblings);
  return Array.from({ length: end - first + 1 }, (_, index) => first + index);
}
