import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act } from '@testing-library/react';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { type FakeRoute, fakeApi } from './fake-api';
import { renderWithProviders } from './render';

/** The whole app at `path`, in memory, against a fake server. */
export async function renderApp(path: string, routes: readonly FakeRoute[]) {
  const api = fakeApi(routes);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = renderWithProviders(<RouterProvider router={router} />, queryClient);
  await act(() => router.load());
  return { api, router, queryClient, view };
}
