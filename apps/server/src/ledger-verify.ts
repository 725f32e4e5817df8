import * as billing from './domains/billing/service.ts';
import type { Database } from './platform/db.ts';

/**
 * `npm run ledger:verify`: re-derives every credit pack's used and expired amounts, every balance and every
 * charge's payment from the ledger rows, prints each difference, and answers the exit code (1 on any).
 */
export async function verifyLedgerCommand(db: Database, print: (line: string) => void): Promise<number> {
  const mismatches = await billing.verifyLedger({ db }, { limit: 1000 });
  for (const m of mismatches) {
    print(`company ${m.company_id}: ${m.what} #${m.id}: the ledger says ${m.expected}, the books say ${m.found}`);
  }
  print(
    mismatches.length
      ? `${mismatches.length} mismatch(es)${mismatches.length >= 1000 ? ' (first 1000)' : ''}`
      : 'Ledger verified: every pack and balance agrees with the ledger',
  );
  return mismatches.length ? 1 : 0;
}
