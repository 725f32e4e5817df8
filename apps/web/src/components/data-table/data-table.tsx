import { Stack } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/contract/shared/paging';
import { type DataTableColumn, type DataTableSortStatus, humanize, DataTable as MantineDataTable } from 'mantine-datatable';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import classes from './data-table.module.css';
import type { DataTableProps } from './data-table-props';
import { moveItem, REORDER_ACCESSOR, RowDragContext, reorderColumn, useDraggableRows } from './draggable-rows';
import type { ListPage } from './list-source';
import { PaginationFooter } from './pagination-footer';
import { canDrawPlainRows, plainRows } from './plain-rows';
import { SortButton, useSortSemantics } from './sort-semantics';
import { ListEmptyState, ListLoadError } from './table-states';
import { TableToolbar } from './table-toolbar';
import { searchOfView, viewOfSearch } from './table-search';
import { useHiddenColumns } from './use-hidden-columns';
import { type TableView, useListQuery } from './use-list-query';

export type { DataTableProps } from './data-table-props';

export const DEFAULT_EMPTY_TEXT = 'No results found with that filter!';

function sortKeyOf<Row>(columns: DataTableColumn<Row>[], accessor: string): string {
  return columns.find((column) => column.accessor === accessor)?.sortKey ?? accessor;
}

function columnLabel<Row>(column: DataTableColumn<Row>): string {
  return typeof column.title === 'string' ? column.title : humanize(String(column.accessor));
}

/** The one table every list uses: server-side search, sort and paging, column chooser, export, select, expand, reorder. */
export function DataTable<Row, Output extends ListPage<Row> = ListPage<Row>>({
  source,
  columns,
  label,
  storageKey,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  defaultSort,
  emptyText = DEFAULT_EMPTY_TEXT,
  emptyDescription = 'Nothing has been added here yet.',
  emptyAction,
  search,
  onSearchChange,
  idAccessor = 'id' as keyof Row & string,
  rowExpansion,
  selectedRows,
  onSelectedRowsChange,
  onReorder,
  onData,
  onError,
  toolbar,
  searchable = true,
}: DataTableProps<Row, Output>) {
  const view = search && viewOfSearch(search, columns, defaultSort, defaultPageSize);
  const { sort: initialSort } = viewOfSearch({}, columns, defaultSort, defaultPageSize);
  const onViewChange = onSearchChange && ((next: TableView) => onSearchChange(searchOfView(next, defaultSort, defaultPageSize)));
  const list = useListQuery({ source, defaultPageSize, defaultSort: initialSort, view, onViewChange });
  const headerRef = useSortSemantics(list.sort?.accessor, list.sort?.direction);
  const { data, error, isFetching } = list.result;
  const [hidden, setHidden] = useHiddenColumns(storageKey);

  // Drag reordering shows the new order at once, until the next page of data arrives.
  const [reordered, setReordered] = useState<{ from: Output; rows: Row[] } | null>(null);
  const rows = reordered && reordered.from === data ? reordered.rows : (data?.rows ?? []);

  // An effect event, so a caller's inline onData neither re-fires nor loops on every render.
  const reportData = useEffectEvent((output: Output) => onData?.(output));
  useEffect(() => {
    if (data) reportData(data);
  }, [data]);
  const reportError = useEffectEvent((failure: unknown) => onError?.(failure));
  useEffect(() => {
    if (error && !data) reportError(error);
  }, [error, data]);

  const getId = useCallback((row: Row) => String(typeof idAccessor === 'function' ? idAccessor(row) : row[idAccessor]), [idAccessor]);
  const dragProps = useDraggableRows(getId);

  const visibleColumns = useMemo(() => {
    const shown = columns.map((column) => ({
      ...column,
      hidden: column.hidden || hidden.includes(String(column.accessor)),
      ...(column.sortable ? { title: <SortButton label={columnLabel(column)} /> } : {}),
    }));
    return onReorder ? [reorderColumn<Row>(), ...shown] : shown;
  }, [columns, hidden, onReorder]);

  // Rows draw their cells as plain elements unless the table selects, expands or reorders them (those need the
  // library's own row: its checkbox cell, expansion row or drag handle).
  const selectable = Boolean(selectedRows && onSelectedRowsChange);
  const plainRowFactory = useMemo(
    () => (!onReorder && !rowExpansion && !selectable && canDrawPlainRows(visibleColumns) ? plainRows(visibleColumns) : undefined),
    [visibleColumns, onReorder, rowExpansion, selectable],
  );

  const choosable = columns
    .filter((column) => !column.hidden && column.accessor !== REORDER_ACCESSOR)
    .map((column) => ({ accessor: String(column.accessor), label: columnLabel(column) }));

  const sortStatus: DataTableSortStatus<Row> = {
    columnAccessor: list.sort?.accessor ?? '',
    direction: list.sort?.direction ?? 'asc',
  };

  const onSortStatusChange = (status: DataTableSortStatus<Row>) => {
    const accessor = String(status.columnAccessor);
    // The library carries the old direction over to a newly chosen column; a new column starts ascending.
    const direction = accessor === list.sort?.accessor ? status.direction : 'asc';
    list.setSort({ accessor, key: status.sortKey ?? sortKeyOf(columns, accessor), direction });
  };

  const move = (from: number, to: number) => {
    if (!data || !onReorder) return;
    const next = moveItem(rows, from, to);
    const row = next[to];
    setReordered({ from: data, rows: next });
    if (row !== undefined) onReorder({ rows: next, row, from, to });
  };

  const exportFile = source.exportFile;
  const selection =
    selectedRows && onSelectedRowsChange ? { selectedRecords: selectedRows, onSelectedRecordsChange: onSelectedRowsChange } : {};

  return (
    <Stack gap="sm">
      <TableToolbar
        label={label}
        search={searchable ? { text: list.searchText, onChange: list.setSearchText } : null}
        columns={choosable}
        hidden={hidden}
        onHiddenChange={setHidden}
        onExport={exportFile && ((format) => exportFile(list.query, format))}
      >
        {toolbar}
      </TableToolbar>

      {error && !data ? (
        <ListLoadError error={error} onRetry={() => void list.result.refetch()} />
      ) : (
        <RowDragContext enabled={Boolean(onReorder)} onMove={move}>
          <MantineDataTable<Row>
            tableRef={headerRef}
            className={classes.table}
            aria-label={label}
            // A table wider than a phone scrolls inside its card; its scrolling region takes focus so the keyboard
            // can scroll it too (axe: scrollable-region-focusable), and is named after the table.
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` } }}
            withTableBorder
            borderRadius="sm"
            highlightOnHover
            striped
            minHeight={rows.length === 0 ? 240 : undefined}
            columns={visibleColumns}
            records={rows}
            idAccessor={idAccessor}
            fetching={isFetching}
            // While a page loads the rows are covered (a click there is lost) and may change: say so to assistive
            // technology, and to a journey that must wait for the rows it clicks.
            aria-busy={isFetching}
            emptyState={
              <ListEmptyState
                searchQuery={list.query.target_search_query}
                title={emptyText}
                description={emptyDescription}
                action={emptyAction}
                onClearSearch={() => list.setSearchText('')}
              />
            }
            sortStatus={sortStatus}
            onSortStatusChange={onSortStatusChange}
            {...(rowExpansion ? { rowExpansion } : {})}
            {...selection}
            {...(plainRowFactory ? { rowFactory: plainRowFactory } : {})}
            {...(onReorder ? dragProps : {})}
          />
        </RowDragContext>
      )}

      {data && (
        <PaginationFooter
          page={list.page}
          pageSize={list.pageSize}
          total={data.total}
          totalCapped={data.total_capped}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      )}
    </Stack>
  );
}
