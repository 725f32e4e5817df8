/**
 * `npm run migrate`: applies the database migrations once and exits, the step a deploy runs before it
 * starts or replaces app nodes (docs/deployment.md). It takes the same advisory lock as a starting node,
 * so two runs, or a run and a node, never migrate at the same time. It reads only where the database is,
 * so it needs none of the app's secrets.
 */
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { openDatabase } from './platform/db.ts';

const url = process.env.DATABASE_URL || undefined;
// As config.ts reads DATA_DIR: relative to the repository root, 'data' unless set.
const dataDir = url ? undefined : path.resolve(REPO_ROOT, process.env.DATA_DIR || 'data');
const started = Date.now();
const handle = await openDatabase({ url, dataDir });
await handle.close();
console.log(`Migrations applied (${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}) in ${Date.now() - started} ms`);
