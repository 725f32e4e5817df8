import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor return as soon as what they wait for holds; this is only how long they keep trying. On a
// 2-core machine kept busy by other work, importing a lazily loaded page and rendering it takes several seconds,
// not Testing Library's default one (decision 0096).
configure({ asyncUtilTimeout: 20_000 });

// Testing Library only auto-cleans when test globals are enabled; this suite imports them explicitly.
afterEach(() => {
  cleanup();
  // A test that moved the clock must not leave the next file's on fake time.
  vi.useRealTimers();
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
