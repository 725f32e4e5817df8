import type { DataTableColumn, DataTableRowExpansionProps } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { ReorderChange } from './draggable-rows';
import type { TableSearch } from './table-search';
import type { ListPage, TableSource } from './list-source';

export interface DataTableProps<Row, Output extends ListPage<Row> = ListPage<Row>> {
  source: TableSource<Row, Output>;
  /** mantine-datatable columns; `sortable` ones send their `sortKey` (or accessor) as target_order. */
  columns: DataTableColumn<Row>[];
  /** Accessible name of the table, e.g. 'Companies'. */
  label: string;
  /** localStorage key for the column chooser; omit to not remember choices. */
  storageKey?: string;
  defaultPageSize?: number;
  defaultSort?: { accessor: string; direction: 'asc' | 'desc' };
  /** The empty table's title; the spec's words by default. */
  emptyText?: string;
  /** What to do next when the list has no rows at all (not merely none matching a search), and the action that does it. */
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  /**
   * The search, page, sort and page size as the URL holds them; with onSearchChange the table follows the
   * URL, so a reload keeps them. Without, the table keeps them itself.
   */
  search?: TableSearch;
  onSearchChange?: (search: TableSearch) => void;
  idAccessor?: (keyof Row & string) | ((row: Row) => string | number);
  rowExpansion?: DataTableRowExpansionProps<Row>;
  /** Selection is controlled by the caller, who knows what the selection is for. */
  selectedRows?: Row[];
  onSelectedRowsChange?: (rows: Row[]) => void;
  /** Enables drag reordering of the rows on the current page. */
  onReorder?: (change: ReorderChange<Row>) => void;
  /** Receives every loaded page, e.g. to show counts that come with the list. */
  onData?: (output: Output) => void;
  /** Told when the list fails to load, once per failure, for a page whose spec says more than the table's alert. */
  onError?: (error: unknown) => void;
  /** Extra controls shown in the toolbar, before the column chooser. */
  toolbar?: ReactNode;
  /** False for a list call that takes no target_search_query: no search box that would match nothing. */
  searchable?: boolean;
}
