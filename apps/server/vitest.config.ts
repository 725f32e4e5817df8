import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Files share a worker's module cache: each file builds its own app and database, and importing the whole
    // server again for every file cost more than most files' tests (tickets: 113 s isolated, 45 s so).
    // A test that swaps a module's export puts it back (see servers/serial.ts); vi.mock would leak.
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
