import { MantineProvider, useComputedColorScheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { testQueryClient } from '../test/render';
import { theme } from './theme';
import { initialsOf, UserMenu } from './user-menu';

function SchemeProbe() {
  return <output aria-label="scheme">{useComputedColorScheme('light')}</output>;
}

async function renderMenu() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <UserMenu auth={authContext()} />
        <SchemeProbe />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MantineProvider env="test" theme={theme} defaultColorScheme="light">
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  await act(() => router.load());
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('UserMenu', () => {
  it('offers System, Light and Dark and switches the scheme', async () => {
    await renderMenu();
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('light');
    await userEvent.click(await screen.findByRole('button', { name: /ann@example\.com.*account menu/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['System', 'Light, current', 'Dark', 'Log out']);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Dark' }));
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: /ann@example\.com.*account menu/ }));
    expect(await screen.findByRole('menuitem', { name: /^Dark\W+current$/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('shows the contact initials, else the first letter of the email', () => {
    expect(initialsOf('Ann Smith', 'ann@example.com')).toBe('AS');
    expect(initialsOf('  cher ', 'c@example.com')).toBe('C');
    expect(initialsOf('', 'zed@example.com')).toBe('Z');
  });
});
