import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db.ts';
import { DEV_MAILBOX_PATH } from './platform/dev-mailbox.ts';
import { closeReplicaPools } from './platform/replica.ts';
import { localDnsServer, zoneFileOf } from './platform/dns/resolver.ts';
import { ALL_JOBS } from './jobs.ts';
import { startScheduler } from './platform/scheduler.ts';
import { shutDown } from './platform/shutdown.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // The configuration's own words, without a stack trace: each line names a setting and what it needs.
    console.error((err as Error).message);
    process.exit(1);
  }
})();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.MIGRATE_ON_START });
if (config.SEED_DEMO) await seedDemoIfEmpty(handle.db, systemClock);
const app = await buildApp({ config, db: handle.db, clock: systemClock });
// The local DNS server of development and the demo (DNS_LOCAL_PORT, docs/decisions/0053), up before the first check.
const dns = await localDnsServer(config);

// Mail normally goes out as soon as the call that queued it answers; the timer retries and catches up.
app.mailDelivery.start(5_000);
const stopJobs = startScheduler(app.deps, ALL_JOBS, app.log, () => app.mailDelivery.kick());

// SIGTERM (a deploy, the orchestrator) drains first; Ctrl-C in development closes at once.
let stopping = false;
const shutdown = async (drainMs: number) => {
  if (stopping) return;
  stopping = true;
  const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  if ((await shutDown(app, { stopJobs, drainMs, timeoutMs })) === 'timeout') {
    app.log.error({ timeoutMs }, 'shutdown: work still running after the timeout, exiting anyway');
    process.exit(1);
  }
  await handle.close();
  await closeReplicaPools();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(config.SHUTDOWN_DRAIN_SECONDS * 1000));

await app.listen({ port: config.PORT, host: config.HOST });
const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
console.log(
  `Portal ready at http://${shown}:${config.PORT} (database: ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`})`,
);
// What mail, presigned downloads and the card page's frame will name: a PUBLIC_URL other than the address
// users open breaks them quietly, so it is said at every start.
console.log(`Links point to ${config.PUBLIC_URL} (PUBLIC_URL)`);
if (config.NODE_ENV !== 'production') console.log(`Mail the portal sends can be read at ${config.PUBLIC_URL}${DEV_MAILBOX_PATH}`);
if (dns && !config.DNS_RESOLVER)
  console.log(`Hosted settings' DNS checks ask the local DNS server at ${dns.address} (zone: ${zoneFileOf(config)})`);
