// StrykerJS for one module at a time, chosen by scripts/mutation.mjs (`npm run mutation -- <module>`).
const module = process.env.MUTATION_MODULE;
if (!module) throw new Error('Run mutation testing through `npm run mutation -- <module>` (scripts/mutation.mjs)');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'apps/server/vitest.mutation.config.ts', related: false },
  mutate: process.env.MUTATION_MUTATE.split(','),
  coverageAnalysis: 'perTest',
  // The server's files only: the sandbox copy leaves the web app, the journeys and the benchmarks out.
  ignorePatterns: ['/apps/web', '/e2e', '/bench', '/docs', '/reports', '/data', '/.stryker-tmp'],
  incremental: true,
  incrementalFile: `reports/mutation/${module}.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${module}.report.json` },
  thresholds: { high: 90, low: 85, break: null },
  // One worker by default: on a shared machine a second one slows both; MUTATION_CONCURRENCY=2 on a quiet one.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  timeoutMS: 60_000,
  // The first run builds the template database and every test file's app on a busy machine.
  dryRunTimeoutMinutes: 30,
  tempDirName: `.stryker-tmp/${module}`,
  cleanTempDir: 'always',
};
