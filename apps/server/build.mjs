/**
 * `npm run build -w @portal/server`: the server as JavaScript in dist/, run in production by plain `node`
 * (decision 0076). esbuild bundles the server's and the contract's TypeScript into one module per command
 * (shared code in chunks beside them, so every file of the build sits in dist/, as paths.ts expects); npm
 * packages stay imports, resolved from node_modules at run time. The scripts the framed pages serve are copied
 * to the same paths under dist/. No type check here: `npm run typecheck` is the build's other step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER_DIR = import.meta.dirname;
const SRC = path.join(SERVER_DIR, 'src');
const DIST = path.join(SERVER_DIR, 'dist');
const CONTRACT_SRC = path.resolve(SERVER_DIR, '../../packages/contract/src');
/** What production runs: the server, the deploy's migration step, the ledger check after a restore. */
const COMMANDS = ['main', 'migrate', 'ledger-verify-cli'];

/** The contract is TypeScript in the repository, not a package to import at run time: bundle it in. */
const contractFromSource = {
  name: 'contract-from-source',
  setup(b) {
    b.onResolve({ filter: /^@portal\/contract\// }, (args) => ({
      path: path.join(CONTRACT_SRC, `${args.path.slice('@portal/contract/'.length)}.ts`),
    }));
  },
};

const started = Date.now();
fs.rmSync(DIST, { recursive: true, force: true });
await build({
  entryPoints: COMMANDS.map((name) => path.join(SRC, `${name}.ts`)),
  outdir: DIST,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  plugins: [contractFromSource],
  sourcemap: 'linked',
  logLevel: 'warning',
});
const assets = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
for (const file of assets) {
  fs.mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
  fs.copyFileSync(path.join(SRC, file), path.join(DIST, file));
}
console.log(
  `Server built into ${path.relative(process.cwd(), DIST) || '.'} in ${Date.now() - started} ms (${assets.length} page scripts copied)`,
);
