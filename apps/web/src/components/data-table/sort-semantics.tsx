import { type RefObject, useLayoutEffect, useRef } from 'react';
import classes from './data-table.module.css';

/** A sortable column's title as a real button, so the header cell keeps its column-header role (with aria-sort). */
export function SortButton({ label }: { label: string }) {
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
export function useSortSemantics(accessor: string | undefined, direction: 'asc' | 'desc' | undefined) {
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
