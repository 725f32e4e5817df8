import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are enabled; this suite imports them explicitly.
afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's must not show in the next.
  notifications.clean();
  localStorage.clear();
  document.title = '';
});
