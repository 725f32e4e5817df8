import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE } from '@portal/contract/shared/paging';
import {
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
  humanize,
  DataTable as MantineDataTable,
} from 'mantine-datatable';
import { type ReactNode, type RefObject, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { EmptyState } from '../page/empty-state';
import classes from './data-table.module.css';
import { ColumnChooser } from './column-chooser';
import { moveItem, REORDER_ACCESSOR, type ReorderChange, RowDragContext, reorderColumn, useDraggableRows } from './draggable-rows';
import { ExportMenu } from './export-menu';
import type { ListPage, TableSource } from './list-source';
import { PaginationFooter } from './pagination-footer';
import { canDrawPlainRows, plainRows } from './plain-rows';
import { searchOfView, type TableSearch, viewOfSearch } from './table-search';
import { useHiddenColumns } from './use-hidden-columns';
import { type TableView, useListQuery } from './use-list-query';

export const DEFAULT_EMPTY_TEXT = 'No results found with that filter!';

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
      <Group justify={searchable ? 'space-between' : 'flex-end'} gap="sm">
        {searchable && (
          <TextInput
            aria-label={`Search ${label}`}
            placeholder="Search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
        )}
        <Group gap="xs">
          {toolbar}
          <ColumnChooser columns={choosable} hidden={hidden} onChange={setHidden} />
          {exportFile && <ExportMenu onExport={(format) => exportFile(list.query, format)} />}
        </Group>
      </Group>

      {error && !data ? (
        <Alert color="red" role="alert" title="Could not load the list">
          <Group justify="space-between">
            {errorMessage(error)}
            <Button size="xs" variant="white" color="red" onClick={() => void list.result.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
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
            emptyState={
              list.query.target_search_query ? (
                <EmptyState
                  title={emptyText}
                  description={`Nothing matches “${list.query.target_search_query}”. Try fewer or different words.`}
                  action={
                    <Button variant="default" size="xs" className={classes.emptyAction} onClick={() => list.setSearchText('')}>
                      Clear search
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  title={emptyText}
                  description={emptyDescription}
                  action={emptyAction ? <div className={classes.emptyAction}>{emptyAction}</div> : undefined}
                />
              )
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

/** A sortable column's title as a real button, so the header cell keeps its column-header role (with aria-sort). */
function SortButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      className={classes.sortButton}
      // The cell sorts on Enter too; stopping it here keeps one Enter from sorting twice.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.stopPropagation();
      }}
    >
      {label}
    </button>
  );
}

/**
 * mantine-datatable makes each sortable header cell a focusable role="button", which hides the column
 * header from assistive technology and leaves no place for aria-sort. The cells get their column-header
 * role back, with aria-sort, and the title's own button takes focus.
 */
function useSortSemantics(accessor: string | undefined, direction: 'asc' | 'desc' | undefined) {
  const ref = useRef<HTMLTableElement>(null) as RefObject<HTMLTableElement>;
  // No dependency list: the library may re-create the header cells on any render.
  useLayoutEffect(() => {
    const cells = ref.current?.querySelectorAll<HTMLTableCellElement>('thead th.mantine-datatable-header-cell-sortable') ?? [];
    for (const cell of cells) {
      cell.removeAttribute('role');
      cell.removeAttribute('tabindex');
      const sorted = cell.dataset.accessor === accessor;
      cell.setAttribute('aria-sort', sorted ? (direction === 'desc' ? 'descending' : 'ascending') : 'none');
    }
  });
  return ref;
}
