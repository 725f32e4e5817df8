/**
 * npm run simulate:servers -- --servers N --serials S1,S2,… [--url http://localhost:3000] [--interval 300] [--once]
 *
 * Runs N simulated self-hosted servers against the licence endpoint, each with one of the serials (reused in
 * turn when there are fewer serials than servers), checking in every --interval seconds (once with --once).
 */
import { parseArgs } from 'node:util';
import { CHECK_IN_LIMIT } from '@portal/contract/servers/server-tables';
import { type CheckInResult, checkInOnce, checkInsPerWindow, drift, newServer, seededRandom } from './domains/servers/simulator.ts';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '1' },
    serials: { type: 'string', default: process.env.SIM_SERIALS ?? '' },
    url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:3000' },
    interval: { type: 'string', default: '300' },
    once: { type: 'boolean', default: false },
  },
});

const count = Number(values.servers);
const serials = values.serials
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (!Number.isInteger(count) || count < 1 || !serials.length) {
  console.error('Usage: npm run simulate:servers -- --servers N --serials SERIAL[,SERIAL…] [--url URL] [--interval SECONDS] [--once]');
  process.exit(2);
}
const interval = Number(values.interval);
if (!(interval > 0)) {
  console.error('--interval must be a number of seconds above 0');
  process.exit(2);
}
// Servers sharing a serial check in together; the portal refuses a serial's check-ins beyond its limit.
const perWindow = checkInsPerWindow({
  servers: count,
  serials: serials.length,
  // A single round (--once) is one round in any window.
  intervalSeconds: values.once ? CHECK_IN_LIMIT.windowMs / 1000 : interval,
  windowMs: CHECK_IN_LIMIT.windowMs,
});
if (perWindow > CHECK_IN_LIMIT.max) {
  console.error(
    `${count} servers on ${serials.length} serials every ${interval} s would check in up to ${perWindow} times a minute with one serial; ` +
      `the portal takes ${CHECK_IN_LIMIT.max}. Give more serials or a longer --interval.`,
  );
  process.exit(2);
}
let fleet = Array.from({ length: count }, (_, i) => newServer(serials[i % serials.length] ?? '', i));
const rand = seededRandom('drift');

async function round(): Promise<boolean> {
  const results = await Promise.all(
    fleet.map((s) =>
      checkInOnce(values.url, s).catch((e: Error): CheckInResult => ({ serial_number: s.serial_number, status: 0, message: e.message })),
    ),
  );
  for (const r of results)
    console.log(
      `${new Date().toISOString()} ${r.serial_number} ${r.status} ${r.status === 200 ? `lease until ${'lease_expires_at' in r ? r.lease_expires_at : ''}` : r.message}`,
    );
  fleet = fleet.map((s, i) => drift({ ...s, reported: results[i]?.reported ?? s.reported }, rand));
  return results.every((r) => r.status === 200);
}

const allIssued = await round();
if (values.once) process.exit(allIssued ? 0 : 1);
setInterval(() => void round(), interval * 1000);
