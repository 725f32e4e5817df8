import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE_CHOICES, UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import { pageCount, pageWindow } from './page-window';

export const PAGE_SIZE_OPTIONS = PAGE_SIZE_CHOICES.map((size) => ({
  value: String(size),
  label: size === UNLIMITED_PAGE_SIZE ? 'Unlimited' : String(size),
}));

/** The standard choices plus a list's own default (e.g. 25) when it is not one of them. */
export function pageSizeOptions(pageSize: number) {
  if (PAGE_SIZE_OPTIONS.some((option) => option.value === String(pageSize))) return PAGE_SIZE_OPTIONS;
  return [...PAGE_SIZE_OPTIONS, { value: String(pageSize), label: String(pageSize) }].sort((a, b) => Number(a.value) - Number(b.value));
}

const countFormat = new Intl.NumberFormat('en-US');

interface PaginationFooterProps {
  page: number;
  pageSize: number;
  total: number;
  /** The list stopped counting at `total` (a search past the count cap): shown as "10,000+". */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * Written here rather than using mantine-datatable's footer because Mantine's pagination keeps a
 * constant number of links and fills one side near the ends; the spec wants at most 7 either side.
 */
export function PaginationFooter({ page, pageSize, total, totalCapped = false, onPageChange, onPageSizeChange }: PaginationFooterProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" aria-live="polite">
        {total === 0
          ? 'No records'
          : `Showing ${countFormat.format(first)}–${countFormat.format(last)} of ${countFormat.format(total)}${totalCapped ? '+' : ''}`}
      </Text>
      <Pagination.Root total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm">
        <Group gap={4} component="nav" aria-label="Pagination">
          <Pagination.First aria-label="First page" />
          <Pagination.Previous aria-label="Previous page" />
          {pageWindow(page, pages).map((item) => (
            <Pagination.Control
              key={item}
              active={item === page}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onPageChange(item)}
            >
              {item}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Next page" />
          <Pagination.Last aria-label="Last page" />
        </Group>
      </Pagination.Root>
      <NativeSelect
        label="Rows per page"
        size="xs"
        data={pageSizeOptions(pageSize)}
        value={String(pageSize)}
        onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
      />
    </Group>
  );
}
