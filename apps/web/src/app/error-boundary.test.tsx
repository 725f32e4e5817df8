import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { AppErrorBoundary } from './error-boundary';

const REPORT = submitErrorReport;

function Broken({ error }: { error: Error }): never {
  throw error;
}

describe('AppErrorBoundary', () => {
  it('reports the error once and shows the returned error code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi([on(REPORT, () => 'ERR-4F2A')]);
    const error = new TypeError('cannot read x of undefined');
    renderWithProviders(
      <AppErrorBoundary>
        <Broken error={error} />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(await screen.findByText('Error Code: ERR-4F2A')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('alert').textContent).not.toMatch(/Error: |cannot read x/);

    await waitFor(() => expect(api.callsTo(REPORT)).toHaveLength(1));
    expect(api.callsTo(REPORT)[0]?.body).toMatchObject({
      error_name: 'TypeError',
      error_message: 'cannot read x of undefined',
      error_stack: expect.stringContaining('cannot read x of undefined'),
      error_metadata: { url: window.location.href, userAgent: navigator.userAgent },
    });
  });

  it('still shows the message when the report cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi([on(REPORT, () => ({ error: { code: 500, message: 'Internal Error' } }))]);
    renderWithProviders(
      <AppErrorBoundary>
        <Broken error={new Error('boom')} />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Error Code:/)).toBeNull();
  });

  it('reloads the page on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi([on(REPORT, () => 'ERR-1')]);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload, href: 'http://localhost/' });
    renderWithProviders(
      <AppErrorBoundary>
        <Broken error={new Error('boom')} />
      </AppErrorBoundary>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
