import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { systemClock } from '../platform/clock.ts';
import { openDatabase } from '../platform/db.ts';
import { seedDemoIfEmpty } from './demo.ts';

/** `npm run seed -- --companies 100000`: seeds an empty database (DATABASE_URL or DATA_DIR) at that size. */
const { values } = parseArgs({ options: { companies: { type: 'string', default: '120' } } });
const count = Number(values.companies);
if (!Number.isInteger(count) || count < 1) throw new Error('--companies must be a positive whole number');

const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const started = Date.now();
const seeded = await seedDemoIfEmpty(handle.db, systemClock, {
  companies: count,
  onProgress: (done) => {
    if (done % 10_000 === 0) console.log(`${done} companies`);
  },
});
console.log(
  seeded
    ? `Seeded ${count} companies in ${((Date.now() - started) / 1000).toFixed(1)} s`
    : 'Database already has companies; nothing seeded',
);
await handle.close();
