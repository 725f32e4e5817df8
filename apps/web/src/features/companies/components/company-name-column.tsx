import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';

/** The sortable company name column; the name opens the company dialog. */
export function companyNameColumn<T extends { id: number; company_name: string }>(onOpen: (id: number) => void): DataTableColumn<T> {
  return {
    accessor: 'company_name',
    title: 'Company',
    sortable: true,
    sortKey: 'company_name',
    render: (row) => (
      <Anchor component="button" type="button" size="sm" onClick={() => onOpen(row.id)}>
        {row.company_name}
      </Anchor>
    ),
  } as DataTableColumn<T>;
}
