import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import './theme.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';
import { ModalHost } from './modal-host';
import { cssVariables, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

// The same key public/theme-init.js reads before the first paint, so the page never flashes the other scheme.
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

// Toasts (and the transition library under them) load after the first render, off the sign-in page's critical
// path; notify.ts imports the same module, so a toast asked for earlier waits in its store and shows.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        <ModalHost />
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
