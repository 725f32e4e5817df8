import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';

/** The sortable company name column; the name opens the company dialog, and pointing at it may preload the dialog's data. */
export function companyNameColumn<T extends { id: number; company_name: string }>(
  onOpen: (id: number) => void,
  onIntent?: (id: number) => void,
): DataTableColumn<T> {
  return {
    accessor: 'company_name',
    title: 'Company',
    sortable: true,
    sortKey: 'company_name',
    render: (row) => (
      <Anchor
        component="button"
        type="button"
        size="sm"
        data-company-id={row.id}
        onClick={() => onOpen(row.id)}
        onMouseEnter={() => onIntent?.(row.id)}
        onFocus={() => onIntent?.(row.id)}
      >
        {row.company_name}
      </Anchor>
    ),
  } as DataTableColumn<T>;
}
