import { defineConfig } from 'vitest/config';
import server from './vitest.config.ts';

/** The server's test setup with only the test files a mutation run names (scripts/mutation.mjs). */
export default defineConfig({
  ...server,
  root: import.meta.dirname,
  test: { ...server.test, include: (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean) },
});
