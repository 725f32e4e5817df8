import type { DraggableProvidedDragHandleProps, DropResult } from '@hello-pangea/dnd';
import { Center, VisuallyHidden } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { DataTableDraggableRow, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext } from 'react';

// The drag-and-drop library loads only when a table's rows can be reordered, not with every table.
const dnd = () => import('@hello-pangea/dnd');
const DragDropContext = lazy(() => dnd().then((m) => ({ default: m.DragDropContext })));
const Droppable = lazy(() => dnd().then((m) => ({ default: m.Droppable })));
const Draggable = lazy(() => dnd().then((m) => ({ default: m.Draggable })));

/** The accessor of the handle column added to reorderable tables; never a real field. */
export const REORDER_ACCESSOR = '__reorder';

// rowFactory owns the drag handle props but the handle sits in a cell; a context carries them across.
const DragHandleContext = createContext<DraggableProvidedDragHandleProps | null>(null);

function DragHandle() {
  const handleProps = useContext(DragHandleContext);
  return (
    <Center {...handleProps} aria-label="Drag to reorder" style={{ cursor: 'grab' }}>
      <IconGripVertical size={16} aria-hidden />
    </Center>
  );
}

export function reorderColumn<Row>(): DataTableColumn<Row> {
  return {
    accessor: REORDER_ACCESSOR,
    title: <VisuallyHidden>Reorder</VisuallyHidden>,
    width: 44,
    render: () => <DragHandle />,
  };
}

/** Moves one item; returns a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

export interface ReorderChange<Row> {
  rows: Row[];
  row: Row;
  from: number;
  to: number;
}

/** The DataTable props that turn rows into draggable rows of one droppable list. */
export function useDraggableRows<Row>(getId: (row: Row) => string) {
  const tableWrapper = useCallback(
    ({ children }: { children: ReactNode }) => (
      <Droppable droppableId="data-table-rows">
        {(provided) => (
          <div {...provided.droppableProps} ref={provided.innerRef}>
            {children}
            {provided.placeholder}
          </div>
        )}
      </Droppable>
    ),
    [],
  );

  const rowFactory: NonNullable<DataTableProps<Row>['rowFactory']> = useCallback(
    ({ record, index, rowProps, children }) => (
      <Draggable key={getId(record)} draggableId={getId(record)} index={index}>
        {(provided, snapshot) => (
          <DataTableDraggableRow isDragging={snapshot.isDragging} {...rowProps} {...provided.draggableProps} ref={provided.innerRef}>
            <DragHandleContext.Provider value={provided.dragHandleProps}>{children}</DragHandleContext.Provider>
          </DataTableDraggableRow>
        )}
      </Draggable>
    ),
    [getId],
  );

  return { tableWrapper, rowFactory };
}

interface RowDragContextProps {
  enabled: boolean;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/** Wraps the table in a drag context only when rows can be reordered. */
export function RowDragContext({ enabled, onMove, children }: RowDragContextProps) {
  if (!enabled) return children;
  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    onMove(result.source.index, result.destination.index);
  };
  return (
    <Suspense fallback={null}>
      <DragDropContext onDragEnd={onDragEnd}>{children}</DragDropContext>
    </Suspense>
  );
}
