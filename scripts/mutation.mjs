// Mutation testing with StrykerJS over the modules that hold money, access and isolation (docs/mutation-testing.md).
// On demand, not in CI: `npm run mutation -- <module>` runs one module (all of them without an argument), each
// with only the test files that exercise it, incrementally (reports/mutation/<module>.json keeps what was
// already killed, so a second run re-tests only the mutants of changed code and tests).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** Each module: the code mutated (file or file:lines) and the server test files run against each mutant. */
export const MODULES = {
  'tenancy-access': {
    mutate: ['apps/server/src/domains/tenancy/service.ts:83-104'],
    tests: ['src/domains/tenancy/require-company.test.ts'],
  },
  'billing-ledger': {
    mutate: ['apps/server/src/domains/billing/ledger.ts'],
    tests: ['src/domains/billing/ledger.test.ts', 'src/domains/billing/credit-calls.test.ts'],
  },
  'billing-charging': {
    mutate: ['apps/server/src/domains/billing/charging.ts'],
    tests: ['src/domains/billing/ledger.test.ts', 'src/domains/billing/ledger-checks.test.ts'],
  },
  'payments-charges': {
    mutate: ['apps/server/src/domains/payments/charges.ts'],
    tests: ['src/domains/payments/pay-once-3ds.test.ts', 'src/domains/payments/invoices.test.ts'],
  },
  'payments-promo-codes': {
    mutate: ['apps/server/src/domains/payments/promo-codes.ts'],
    tests: ['src/domains/payments/promo-codes.test.ts'],
  },
  tokens: {
    mutate: ['apps/server/src/domains/tokens/service.ts'],
    tests: ['src/domains/tokens/tokens.test.ts'],
  },
  'licence-check-in': {
    mutate: ['apps/server/src/domains/servers/check-in.ts'],
    tests: ['src/domains/servers/check-in.test.ts'],
  },
  // The embedded S3 endpoint's gate: signature, the signing account's own bucket, the names it resolves.
  'storage-gateway': {
    mutate: [
      'apps/server/src/domains/storage/provider/s3-endpoint/server.ts',
      'apps/server/src/domains/storage/provider/s3-endpoint/names.ts',
    ],
    tests: ['src/domains/storage/provider/s3-endpoint/tenant-escape.test.ts', 'src/domains/storage/provider/s3-endpoint/gate.test.ts'],
  },
  'ticket-scope': {
    mutate: ['apps/server/src/domains/tickets/scope.ts'],
    tests: ['src/domains/tickets/ticket-scope.test.ts'],
  },
};

/**
 * `--recheck`: each survivor and uncovered mutant of the module's last report written into its file by hand, the
 * module's tests run against it, the file put back. Stryker's Vitest runner reports some mutants Survived without
 * running them: a mutant in code that runs as its module loads (a "static" mutant) is never switched on, and a run
 * that completed no test counts as survived (docs/mutation-testing.md). This says what each of them is.
 */
function recheck(name, tests) {
  const testsPass = () =>
    spawnSync('npx', ['vitest', 'run', '--config', 'apps/server/vitest.mutation.config.ts'], {
      stdio: 'ignore',
      env: { ...process.env, MUTATION_TESTS: tests.join(',') },
    }).status === 0;
  // A failure counts as a kill only if the tests pass on the code as it is.
  if (!testsPass()) throw new Error(`${name}: the tests fail without a mutant; fix them before rechecking`);
  const report = JSON.parse(readFileSync(`reports/mutation/${name}.report.json`, 'utf8'));
  const verdicts = { killed: 0, survived: 0 };
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    const offset = ({ line, column }) => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
    for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
      writeFileSync(file, source.slice(0, offset(m.location.start)) + m.replacement + source.slice(offset(m.location.end)));
      try {
        const verdict = testsPass() ? 'survived' : 'killed';
        verdicts[verdict]++;
        console.log(`${verdict.padEnd(8)} ${file}:${m.location.start.line} ${m.mutatorName}: ${m.replacement.split('\n')[0].slice(0, 80)}`);
      } finally {
        writeFileSync(file, source);
      }
    }
  }
  console.log(`${name}: of the report's survivors and uncovered mutants, ${verdicts.killed} killed, ${verdicts.survived} survived`);
}

const again = process.argv.includes('--recheck');
const asked = process.argv.slice(2).filter((a) => a !== '--recheck');
const unknown = asked.filter((m) => !(m in MODULES));
if (unknown.length) {
  console.error(`Unknown module(s): ${unknown.join(', ')}. Modules: ${Object.keys(MODULES).join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of asked.length ? asked : Object.keys(MODULES)) {
  const { mutate, tests } = MODULES[name];
  if (again) {
    recheck(name, tests);
    continue;
  }
  console.log(`\n== ${name}: ${mutate.join(', ')} against ${tests.join(', ')}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name, MUTATION_MUTATE: mutate.join(','), MUTATION_TESTS: tests.join(',') },
  });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
