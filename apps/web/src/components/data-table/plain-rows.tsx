import { Table, TableTr } from '@mantine/core';
import { type DataTableColumn, type DataTableProps, getValueAtPath } from 'mantine-datatable';
import type { CSSProperties, Key, ReactNode } from 'react';

type RowFactory<Row> = NonNullable<DataTableProps<Row>['rowFactory']>;

// The classes mantine-datatable's cells carry: Mantine's table cell and the library's layout helpers.
const CELL = `${Table.classes.td} mantine-Table-td`;
const NOWRAP = 'mantine-datatable-nowrap';
const ELLIPSIS = 'mantine-datatable-ellipsis';
const ALIGN = { left: 'mantine-datatable-text-align-left', center: 'mantine-datatable-text-align-center', right: 'mantine-datatable-text-align-right' };

/**
 * Whether the columns need nothing but what `plainRows` draws. Media-query columns, pinned columns and per-cell
 * styles or attributes stay with the library's own cells.
 */
export function canDrawPlainRows<Row>(columns: readonly DataTableColumn<Row>[]): boolean {
  return columns.every((column) => !column.visibleMediaQuery && !column.cellsStyle && !column.customCellAttributes);
}

function cellClass<Row>(column: DataTableColumn<Row>, row: Row, index: number): string {
  const classes = [CELL];
  if (column.noWrap || column.ellipsis) classes.push(NOWRAP);
  if (column.ellipsis) classes.push(ELLIPSIS);
  if (column.textAlign) classes.push(ALIGN[column.textAlign]);
  const own = typeof column.cellsClassName === 'function' ? column.cellsClassName(row, index) : column.cellsClassName;
  if (own) classes.push(own);
  return classes.join(' ');
}

function cellStyle<Row>(column: DataTableColumn<Row>): CSSProperties | undefined {
  return column.width === undefined ? undefined : { width: column.width, minWidth: column.width, maxWidth: column.width };
}

/**
 * Draws each row's cells as plain `<td>`s with the markup mantine-datatable's own cells produce. The library
 * renders every cell as three components (its cell, Mantine's Table.Td and a Box, each resolving styles) plus
 * a media-query subscription per cell: on a 50-row page that was about a thousand component renders and most
 * of the page's blocking time. The row stays Mantine's, so striping, hover and borders are unchanged.
 */
export function plainRows<Row>(columns: readonly DataTableColumn<Row>[]): RowFactory<Row> {
  const shown = columns.filter((column) => !column.hidden && !column.hiddenContent);
  return ({ record, index, rowProps }) => (
    <TableTr {...rowProps}>
      {shown.map((column) => (
        <td key={column.accessor as Key} style={cellStyle(column)} className={cellClass(column, record, index)}>
          {column.render ? column.render(record, index) : (getValueAtPath(record, column.accessor) as ReactNode)}
        </td>
      ))}
    </TableTr>
  );
}
