/**
 * npm run orchestrator:local [-- --port 4100 --host 127.0.0.1]
 *
 * Serves the orchestrator's REST protocol (docs/decisions/0064) locally, with the local provisioners' timing and
 * failure share (HOSTED_* and CLOUDVIEW_* of the environment), so a portal started with HOSTED_PROVISIONER=http
 * and/or CLOUDVIEW_PROVISIONER=http runs its production adapters against it. /consoles is served when
 * HOSTED_PROVISIONER_TOKEN is set, /portals when CLOUDVIEW_PROVISIONER_TOKEN is; the port defaults to the one in
 * HOSTED_PROVISIONER_URL (or CLOUDVIEW_PROVISIONER_URL), else 4100.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { localPortals } from './domains/customer-portal/provisioner.ts';
import { localConsoles } from './domains/servers/provisioner.ts';
import { type LocalProduct, startLocalOrchestrator } from './platform/provisioning-local-server.ts';

const config = loadConfig();
const configured = config.HOSTED_PROVISIONER_URL || config.CLOUDVIEW_PROVISIONER_URL;
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: configured ? new URL(configured).port || '80' : '4100' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const products: Record<string, LocalProduct> = {};
if (config.HOSTED_PROVISIONER_TOKEN) products.consoles = localConsoles(config);
if (config.CLOUDVIEW_PROVISIONER_TOKEN) products.portals = localPortals(config);
if (!Object.keys(products).length) {
  console.error('Set HOSTED_PROVISIONER_TOKEN and/or CLOUDVIEW_PROVISIONER_TOKEN: the bearer tokens the orchestrator accepts.');
  process.exit(2);
}

const orchestrator = await startLocalOrchestrator({ products, host: values.host, port: Number(values.port) });
console.log(`Local orchestrator at ${orchestrator.url} serving /${Object.keys(products).join(', /')} and /operations`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void orchestrator.close().then(() => process.exit(0)));
}
