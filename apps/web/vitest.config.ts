import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The build a browser gets (package.json "browser" field, which Vite's build follows but tests do not):
    // its XMLHttpRequest stack, not Node's http.
    alias: { 'tus-js-client': 'tus-js-client/lib.esm/browser/index.js' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    // Frames (the card page, the feature voting board) are not fetched: tests never reach the network.
    environmentOptions: { happyDOM: { settings: { disableIframePageLoading: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // One environment and module cache per worker, not per file: a file's own setup took longer than its tests
    // (382 s isolated on one worker, 80 s so on two). src/test/setup.ts clears what a test leaves in the document.
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    restoreMocks: true,
    unstubGlobals: true,
    // Typing through user-event in happy-dom takes seconds, and on a 2-core machine kept busy by other work the
    // heaviest test (four fields typed into the company dialog's credit form) took up to 93 s (decision 0096).
    testTimeout: 180_000,
  },
});
