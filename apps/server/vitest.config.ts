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
    // On a 2-core machine kept busy by other work a test that charges several days for several companies ran past
    // 60 s, and one that signs in with a hundred wrong passwords past 120 s (decision 0096).
    testTimeout: 180_000,
    // expect.poll returns as soon as what it polls holds; this is only how long it keeps asking. A 2-core machine
    // kept busy by other work runs a timer or a background write seconds late, not the default one second's
    // (decision 0096).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
