/**
 * Lists your company's self-hosted servers (licences) with an API token, as list-servers.sh does, through a client
 * typed by the portal's API document (docs/api-tokens.md):
 *   PORTAL_URL=https://portal.example.com PORTAL_TOKEN=pt_… npx tsx docs/scripts/list-servers.ts
 * The token needs the SERVERS_READ permission. Prints one line per licence: serial, name, status, version, devices
 * online; page after page until every licence is listed. The types come from `bash scripts/check-api-document.sh`,
 * which writes the document and generates generated/portal-api.ts from it with openapi-typescript.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/portal-api.ts';

const url = process.env.PORTAL_URL;
const token = process.env.PORTAL_TOKEN;
if (!url || !token) {
  console.error('Set PORTAL_URL to the portal address and PORTAL_TOKEN to an API token with SERVERS_READ.');
  process.exit(2);
}

const portal = createClient<paths>({ baseUrl: url.replace(/\/$/, ''), headers: { Authorization: `Bearer ${token}` } });

for (let page = 1; ; page++) {
  const { data, error } = await portal.POST('/api/v1/web/UserMyServersTable.json', { body: { page } });
  // Every refusal is the envelope: {"status":"error","code":…,"message":…}.
  if (error) {
    console.error(`The portal refused: ${error.message}`);
    process.exit(1);
  }
  const rows = data.data.self_hosted;
  if (rows.length === 0) break;
  for (const r of rows) {
    console.log([r.serial_number, r.name, r.status, r.server_version ?? '', r.num_clients_online].join('\t'));
  }
}
