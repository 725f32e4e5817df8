/**
 * npm run simulate:servers -- --servers N --serials S1,S2,… [--url http://localhost:3000] [--interval 300] [--once]
 *
 * Runs N simulated self-hosted servers against the licence endpoint, each with one of the serials (reused in
 * turn when there are fewer serials than servers), checking in every --interval seconds (once with --once).
 */
import { parseArgs } from 'node:util';
import { type CheckInResult, checkInOnce, drift, newServer, seededRandom } from './domains/servers/simulator.ts';

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
setInterval(() => void round(), Number(values.interval) * 1000);
