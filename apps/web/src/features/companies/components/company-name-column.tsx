import type { DataTableColumn } from 'mantine-datatable';
import { CellLink } from '../../../components/data-table/table-cells';

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
      <CellLink
        data-company-id={row.id}
        onClick={() => onOpen(row.id)}
        onMouseEnter={() => onIntent?.(row.id)}
        onFocus={() => onIntent?.(row.id)}
      >
        {row.company_name}
      </CellLink>
    ),
  } as DataTableColumn<T>;
}
