import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are enabled; this suite imports them explicitly.
afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's must not show in the next.
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  // Files share one document (isolate: false in vitest.config.ts), so a cookie one test set must not sign in the next.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // Set without a path, a cookie belongs to the page's folder: expire it there and at the root.
    for (const path of ['', '; path=/']) if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${path}`;
  }
  document.title = '';
});
