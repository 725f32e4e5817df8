import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataTableColumn } from 'mantine-datatable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './data-table';
import type { ListPage, ListQuery, TableSource } from './list-source';

interface Person {
  id: number;
  name: string;
  email: string;
}

const columns: DataTableColumn<Person>[] = [
  { accessor: 'id', title: 'ID', sortable: true },
  { accessor: 'name', title: 'Name', sortable: true, sortKey: 'company_name' },
  { accessor: 'email', title: 'Email' },
];

function people(count: number, offset = 0): Person[] {
  return Array.from({ length: count }, (_, index) => ({
    id: offset + index + 1,
    name: `Person ${offset + index + 1}`,
    email: `p${offset + index + 1}@example.com`,
  }));
}

function fakeSource(total: number, overrides: Partial<TableSource<Person>> = {}) {
  const fetchPage = vi.fn(
    async (query: ListQuery): Promise<ListPage<Person>> => ({
      rows: people(Math.min(query.page_size, Math.max(0, total - (query.page - 1) * query.page_size)), (query.page - 1) * query.page_size),
      total,
    }),
  );
  const source: TableSource<Person> = { queryKey: ['people'], fetchPage, ...overrides };
  return { source, fetchPage };
}

const lastQuery = (fetchPage: ReturnType<typeof fakeSource>['fetchPage']) => fetchPage.mock.calls.at(-1)?.[0];

afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable', () => {
  it('loads the first page with the default page size of 100', async () => {
    const { source, fetchPage } = fakeSource(250);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    expect(await screen.findByText('Person 1')).toBeTruthy();
    expect(lastQuery(fetchPage)).toEqual({ page: 1, page_size: 100, target_search_query: '' });
    expect(screen.getByText('Showing 1–100 of 250')).toBeTruthy();
  });

  it('shows a total the server stopped counting at as "10,000+"', async () => {
    const { source } = fakeSource(10_000);
    const fetchPage = source.fetchPage;
    const capped: TableSource<Person> = { ...source, fetchPage: async (query) => ({ ...(await fetchPage(query)), total_capped: true }) };
    renderWithProviders(<DataTable source={capped} columns={columns} label="People" defaultPageSize={50} />);
    expect(await screen.findByText('Showing 1–50 of 10,000+')).toBeTruthy();
  });

  it('is busy while a page loads, and no longer once its rows are in', async () => {
    let release = () => {};
    const { source } = fakeSource(30);
    const slow: TableSource<Person> = {
      ...source,
      fetchPage: async (query) => {
        if (query.page === 2) await new Promise<void>((resolve) => (release = resolve));
        return source.fetchPage(query);
      },
    };
    renderWithProviders(<DataTable source={slow} columns={columns} label="People" defaultPageSize={10} />);
    await screen.findByText('Person 1');
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.getAttribute('aria-busy')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('true'));
    release();
    await screen.findByText('Person 11');
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
  });

  it('has no search box for a list that takes no search', async () => {
    const { source } = fakeSource(3);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" searchable={false} />);
    expect(await screen.findByText('Person 1')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Search People' })).toBeNull();
  });

  it('debounces search: typing fires one request, 500 ms after the last key, on page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { source, fetchPage } = fakeSource(500);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" defaultPageSize={10} />);
    await screen.findByText('Person 1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(fetchPage)?.page).toBe(3));
    const callsBefore = fetchPage.mock.calls.length;

    const search = screen.getByRole('textbox', { name: 'Search People' });
    for (const text of ['a', 'ac', 'acm', 'acme']) {
      fireEvent.change(search, { target: { value: text } });
      act(() => vi.advanceTimersByTime(200));
    }
    expect(fetchPage.mock.calls.length).toBe(callsBefore);
    act(() => vi.advanceTimersByTime(299));
    expect(fetchPage.mock.calls.length).toBe(callsBefore);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(callsBefore + 1));
    expect(lastQuery(fetchPage)).toMatchObject({ target_search_query: 'acme', page: 1 });
  });

  it('offers the page sizes 10, 20, 50, 100, 1000 and Unlimited (9999999)', async () => {
    const { source, fetchPage } = fakeSource(30);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    await screen.findByText('Person 1');
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['10', '10'],
      ['20', '20'],
      ['50', '50'],
      ['100', '100'],
      ['1000', '1000'],
      ['9999999', 'Unlimited'],
    ]);
    await userEvent.selectOptions(select, '9999999');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ page: 1, page_size: 9_999_999 }));
  });

  it('links to at most 7 pages either side of the current page', async () => {
    const { source } = fakeSource(1000);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" defaultPageSize={10} />);
    await screen.findByText('Person 1');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pageLinks = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => Number(button.textContent));
    expect(pageLinks()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    await userEvent.click(within(nav).getByRole('button', { name: 'Page 8' }));
    await screen.findByText('Person 71');
    expect(pageLinks()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 15' }));
    await screen.findByText('Person 141');
    expect(pageLinks()).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
    expect(within(nav).getByRole('button', { name: 'Page 15' }).getAttribute('aria-current')).toBe('page');
  });

  it('sorts by clicking a sortable header, sending its sort key and toggling direction', async () => {
    const { source, fetchPage } = fakeSource(5);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    await screen.findByText('Person 1');
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ target_order: 'company_name', target_order_direction: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ target_order_direction: 'desc' }));
    expect(screen.queryByRole('button', { name: /^Email/ })).toBeNull();
  });

  it('marks the sorted column with aria-sort and the others as unsorted, on real column headers', async () => {
    const { source } = fakeSource(5);
    renderWithProviders(
      <DataTable source={source} columns={columns} label="People" defaultSort={{ accessor: 'name', direction: 'asc' }} />,
    );
    await screen.findByText('Person 1');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('ID').getAttribute('aria-sort')).toBe('none');
    expect(header('Email').hasAttribute('aria-sort')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('descending'));
    await userEvent.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(header('ID').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
  });

  it('sorts from the keyboard through one tab stop per sortable header, once per Enter', async () => {
    const { source, fetchPage } = fakeSource(5);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    await screen.findByText('Person 1');
    const name = screen.getByRole('button', { name: 'Name' });
    expect(name.tagName).toBe('BUTTON');
    expect(name.closest('th')?.hasAttribute('tabindex')).toBe(false);
    name.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ target_order: 'company_name', target_order_direction: 'asc' }));
  });

  it('follows the search, page and sort it is given, and reports changes instead of keeping them', async () => {
    const { source, fetchPage } = fakeSource(500);
    const onSearchChange = vi.fn();
    renderWithProviders(
      <DataTable
        source={source}
        columns={columns}
        label="People"
        defaultPageSize={10}
        search={{ q: 'acme', page: 4, sort: 'name', dir: 'desc' }}
        onSearchChange={onSearchChange}
      />,
    );
    await screen.findByText('Person 31');
    expect(lastQuery(fetchPage)).toEqual({
      page: 4,
      page_size: 10,
      target_search_query: 'acme',
      target_order: 'company_name',
      target_order_direction: 'desc',
    });
    expect(screen.getByRole('textbox', { name: 'Search People' })).toHaveProperty('value', 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'acme', page: 5, sort: 'name', dir: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: 'ID' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'acme', sort: 'id', dir: 'asc' });
    expect(lastQuery(fetchPage)?.page).toBe(4);
  });

  it('follows the page size it is given, and reports a new one from page 1', async () => {
    const { source, fetchPage } = fakeSource(500);
    const onSearchChange = vi.fn();
    renderWithProviders(
      <DataTable
        source={source}
        columns={columns}
        label="People"
        defaultPageSize={10}
        search={{ page: 2, size: 100 }}
        onSearchChange={onSearchChange}
      />,
    );
    await screen.findByText('Person 101');
    expect(lastQuery(fetchPage)).toMatchObject({ page: 2, page_size: 100 });
    const rowsPerPage = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(rowsPerPage).toHaveProperty('value', '100');
    await userEvent.selectOptions(rowsPerPage, '20');
    expect(onSearchChange).toHaveBeenLastCalledWith({ size: 20 });
    await userEvent.selectOptions(rowsPerPage, '10');
    expect(onSearchChange).toHaveBeenLastCalledWith({});
  });

  it('remembers hidden columns per table in localStorage under storageKey', async () => {
    const { source } = fakeSource(3);
    const first = renderWithProviders(<DataTable source={source} columns={columns} label="People" storageKey="people-table" />);
    await screen.findByText('p1@example.com');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Email' }));
    await waitFor(() => expect(screen.queryByText('p1@example.com')).toBeNull());
    expect(JSON.parse(localStorage.getItem('people-table') ?? 'null')).toEqual({ hidden: ['email'] });
    first.unmount();

    renderWithProviders(<DataTable source={source} columns={columns} label="People" storageKey="people-table" />);
    await screen.findByText('Person 1');
    expect(screen.queryByText('p1@example.com')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull();
  });

  it('shows the empty text when nothing matches', async () => {
    const { source } = fakeSource(0);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    expect(await screen.findByText('No results found with that filter!')).toBeTruthy();
  });

  it('says what to do next when the list is empty, and offers to clear a search that matches nothing', async () => {
    const { source } = fakeSource(0);
    const onSearchChange = vi.fn();
    const view = renderWithProviders(
      <DataTable
        source={source}
        columns={columns}
        label="People"
        emptyDescription="Add a person to start."
        search={{}}
        onSearchChange={onSearchChange}
      />,
    );
    expect(await screen.findByText('Add a person to start.')).toBeTruthy();
    view.rerender(
      <DataTable
        source={source}
        columns={columns}
        label="People"
        emptyDescription="Add a person to start."
        search={{ q: 'zz' }}
        onSearchChange={onSearchChange}
      />,
    );
    expect(await screen.findByText('Nothing matches “zz”. Try fewer or different words.')).toBeTruthy();
    expect(screen.queryByText('Add a person to start.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith({}));
  });

  it('exports the current search and sort in the chosen format', async () => {
    const exportFile = vi.fn(async () => {});
    const { source } = fakeSource(5, { exportFile });
    renderWithProviders(
      <DataTable source={source} columns={columns} label="People" defaultSort={{ accessor: 'name', direction: 'desc' }} />,
    );
    await screen.findByText('Person 1');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (xlsx)' }));
    expect(exportFile).toHaveBeenCalledWith(
      { page: 1, page_size: 100, target_search_query: '', target_order: 'company_name', target_order_direction: 'desc' },
      'xlsx',
    );
  });

  it("tells the user when an export fails, with the server's message and no 'Error: ' prefix", async () => {
    const exportFile = vi.fn(async () => Promise.reject(new ApiError(503, 'Exports are paused')));
    const { source } = fakeSource(5, { exportFile });
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    await screen.findByText('Person 1');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findAllByText('Exports are paused')).not.toHaveLength(0);
    expect(screen.getAllByText('Export failed')).not.toHaveLength(0);
    expect(screen.queryByText(/Error: /)).toBeNull();
    act(() => notifications.clean());
  });

  it('expands a row to show its details when clicked', async () => {
    const { source } = fakeSource(2);
    renderWithProviders(
      <DataTable
        source={source}
        columns={columns}
        label="People"
        rowExpansion={{ content: ({ record }) => <p>Details of {record.name}</p> }}
      />,
    );
    await userEvent.click(await screen.findByText('Person 2'));
    expect(await screen.findByText('Details of Person 2')).toBeTruthy();
  });

  it('reports selected rows to the caller', async () => {
    const { source } = fakeSource(3);
    const onSelectedRowsChange = vi.fn();
    renderWithProviders(
      <DataTable source={source} columns={columns} label="People" selectedRows={[]} onSelectedRowsChange={onSelectedRowsChange} />,
    );
    await screen.findByText('Person 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all records' }));
    expect(onSelectedRowsChange).toHaveBeenCalledWith(people(3));
  });

  it('gives reorderable rows a labelled drag handle', async () => {
    // @hello-pangea/dnd warns that the test document has no doctype; the app's index.html has one.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { source } = fakeSource(3);
    renderWithProviders(<DataTable source={source} columns={columns} label="People" onReorder={vi.fn()} />);
    // The rows show before the drag-and-drop module has loaded; the handles become buttons once it has.
    expect(await screen.findAllByRole('button', { name: 'Drag to reorder' })).toHaveLength(3);
  });

  it('shows the error message when the list cannot be loaded', async () => {
    const { source } = fakeSource(0, { fetchPage: vi.fn(async () => Promise.reject(new Error('boom'))) });
    renderWithProviders(<DataTable source={source} columns={columns} label="People" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Internal Error');
    expect(alert.textContent).not.toContain('Error: ');
  });
});
