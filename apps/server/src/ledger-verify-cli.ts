import { loadConfig } from './config.ts';
import { verifyLedgerCommand } from './ledger-verify.ts';
import { openDatabase } from './platform/db.ts';

/** `npm run ledger:verify`: checks the database of DATABASE_URL (or DATA_DIR); exits 1 on any mismatch. */
const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.MIGRATE_ON_START });
const code = await verifyLedgerCommand(handle.db, (line) => console.log(line));
await handle.close();
process.exit(code);
