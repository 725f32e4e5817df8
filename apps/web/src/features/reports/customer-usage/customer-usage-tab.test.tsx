import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listDistributors, listSales } from '@portal/contract/companies/company-lookups';
import { adminUsageReport } from '@portal/contract/reports/customer-usage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CustomerUsageTab } from './customer-usage-tab';
import { CLOSING, OPENING, streamEvent, usageRow } from './stream-fixtures';
import { MALFORMED_STREAM } from './usage-stream';

const ADMIN = authContext({ roles: ['any', 'admin'], company_type: 'admin', capabilities: ['sales_commission'] });

/** The fake API for the pickers, and the report answered by a stream of these chunks. */
function serve(chunks: string[], auth = ADMIN) {
  const api = fakeApi([
    on(getAuthContext, () => auth),
    on(listDistributors, () => [{ id: 44, company_name: 'Southern Backup Partners' }]),
    on(listSales, () => [{ id: 5, contact_name: 'Sam Sales', email: 'sam@example.com' }]),
  ]);
  const bodies: unknown[] = [];
  const streamed = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== adminUsageReport.path) return api.fetchMock(input, init);
    bodies.push(JSON.parse(String(init?.body)));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', streamed);
  return { bodies };
}

/** A select's own input (Mantine also labels its hidden value and its list with the label). */
const field = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find((e): e is HTMLInputElement => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement;

describe('CustomerUsageTab', () => {
  it('streams the rows in with the loaded count and the percentage', async () => {
    serve([
      OPENING,
      streamEvent({ event: 'COMPANIES_LOADED', total: 2 }, true),
      streamEvent({ event: 'COMPANY', row: usageRow(1, 'Kiwi Backups') }),
      streamEvent({ event: 'COMPANY', row: usageRow(2, 'Tui Storage') }),
      CLOSING,
    ]);
    renderWithProviders(<CustomerUsageTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Loaded 2 of 2 companies')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Customer usage' });
    expect(await within(table).findByText('Kiwi Backups')).toBeTruthy();
    expect(within(table).getByText('Tui Storage')).toBeTruthy();
    expect(within(table).getAllByText('$12.34')).toHaveLength(2);
  });

  it('shows a malformed chunk as an error instead of waiting', async () => {
    serve([OPENING, streamEvent({ event: 'COMPANIES_LOADED', total: 2 }, true), ',{"event":"COMPANY","row":\n', CLOSING]);
    renderWithProviders(<CustomerUsageTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MALFORMED_STREAM);
    expect(screen.getByText('Loaded 0 of 2 companies')).toBeTruthy();
  });

  it('a distributor chosen resets and disables the other filters and sends has-real-usage', async () => {
    const { bodies } = serve([OPENING, streamEvent({ event: 'COMPANIES_LOADED', total: 0 }, true), CLOSING]);
    renderWithProviders(<CustomerUsageTab />);
    await userEvent.click(within(screen.getByRole('group', { name: 'VIP' })).getByText('Yes'));
    await userEvent.click(field('Distributor'));
    await userEvent.click(await screen.findByRole('option', { name: 'Southern Backup Partners' }));
    const realUsage = screen.getByLabelText('Has real usage') as HTMLInputElement;
    expect(realUsage.checked).toBe(true);
    expect(realUsage.disabled).toBe(true);
    expect(field('Region').disabled).toBe(true);
    expect(field('Sales Person').disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ target_distributor_id: 44, target_filter_is_vip: null, target_filter_has_real_usage: true });
  });

  it('shows the Sales Person filter only with the sales-commission capability', async () => {
    serve([], authContext({ roles: ['any', 'admin'], company_type: 'admin', capabilities: [] }));
    renderWithProviders(<CustomerUsageTab />);
    expect(await screen.findAllByLabelText('Distributor')).not.toHaveLength(0);
    expect(screen.queryAllByLabelText('Sales Person')).toHaveLength(0);
  });
});
