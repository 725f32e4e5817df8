/**
 * The folders the server reads at run time. This file sits one folder below apps/server (src/), as the built
 * server does (dist/main.js and its chunks, decision 0076), so the same relative paths hold when it runs from
 * its sources (tsx: development, tests) and from the build (node: production).
 */
import path from 'node:path';

/** src/ or dist/: where the running code is. */
const CODE_DIR = import.meta.dirname;
export const SERVER_DIR = path.resolve(CODE_DIR, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');

/**
 * A file the code reads that is not TypeScript (the scripts the framed pages serve), by its path under src/;
 * the build copies each to the same path under dist/.
 */
export const codeFile = (pathUnderSrc: string): string => path.join(CODE_DIR, pathUnderSrc);
