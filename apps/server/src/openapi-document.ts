import { writeFileSync } from 'node:fs';
import { ALL_CALLS } from '@portal/contract/all-calls';
import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { buildOpenApi } from './platform/openapi.ts';
import { sessionCookieNames } from './platform/session.ts';

/**
 * Writes the API document that /api/openapi.json serves, without starting a server: to the file named, or to
 * standard output. PUBLIC_URL names the server it documents ('/', the portal serving it, when unset) and COOKIE_SECURE=true
 * the cookies of an https deployment, as the server's own settings do.
 */
const document = buildOpenApi(ALL_CALLS, sessionCookieNames(process.env.COOKIE_SECURE === 'true'), process.env.PUBLIC_URL, ALL_ENTRIES);
const text = `${JSON.stringify(document, null, 2)}\n`;
const [out] = process.argv.slice(2);
if (out) writeFileSync(out, text);
else process.stdout.write(text);
