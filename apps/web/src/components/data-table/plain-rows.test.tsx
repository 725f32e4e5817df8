import { type DataTableColumn, DataTable as MantineDataTable } from 'mantine-datatable';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { canDrawPlainRows, plainRows } from './plain-rows';

interface Company {
  id: number;
  name: string;
  owner: { email: string } | null;
  created: string;
}

const rows: Company[] = [
  { id: 1, name: 'Acme', owner: { email: 'a@example.com' }, created: '2025-01-02' },
  { id: 2, name: 'Bluegum', owner: null, created: '2025-03-04' },
];

// Every column option plainRows draws: width, no-wrap, ellipsis, alignment, a nested accessor, a render
// function, per-row classes, and a hidden column.
const columns: DataTableColumn<Company>[] = [
  { accessor: 'id', title: 'ID', width: 80, textAlign: 'right' },
  { accessor: 'name', title: 'Name', render: (row) => <button type="button">{row.name}</button>, noWrap: true },
  { accessor: 'owner.email', title: 'Owner', ellipsis: true },
  { accessor: 'created', title: 'Created', cellsClassName: (row) => (row.id === 1 ? 'first' : undefined), textAlign: 'center' },
  { accessor: 'secret', title: 'Hidden', hidden: true },
];

function bodyOf(rowFactory?: ReturnType<typeof plainRows<Company>>): string {
  const { container, unmount } = renderWithProviders(
    <MantineDataTable<Company>
      columns={columns}
      records={rows}
      withTableBorder
      striped
      highlightOnHover
      {...(rowFactory ? { rowFactory } : {})}
    />,
  );
  const html = container.querySelector('tbody')?.innerHTML ?? '';
  unmount();
  return html;
}

describe('plainRows', () => {
  it("draws the same cells as mantine-datatable's own rows", () => {
    const library = bodyOf();
    const plain = bodyOf(plainRows(columns));
    expect(library).toContain('a@example.com');
    expect(plain).toBe(library);
  });

  it('leaves columns with media queries, cell styles or cell attributes to the library', () => {
    expect(canDrawPlainRows(columns)).toBe(true);
    expect(canDrawPlainRows([...columns, { accessor: 'x', visibleMediaQuery: '(min-width: 1px)' }])).toBe(false);
    expect(canDrawPlainRows([...columns, { accessor: 'x', cellsStyle: () => ({ color: 'red' }) }])).toBe(false);
    expect(canDrawPlainRows([...columns, { accessor: 'x', customCellAttributes: () => ({ 'data-x': 1 }) }])).toBe(false);
  });
});
