import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as distributors from '../../apps/server/src/domains/companies/distributors.ts';
import * as service from '../../apps/server/src/domains/companies/service.ts';
import { findActiveUserByEmail } from '../../apps/server/src/domains/users/service.ts';
import type { Actor } from '../../apps/server/src/platform/access.ts';
import type { CallContext } from '../../apps/server/src/platform/context.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';

/** One SQL statement exactly as Drizzle sends it: text with $n placeholders and the values. */
export interface Statement {
  text: string;
  params: unknown[];
}

export interface Captured {
  statements: Statement[];
  /** What the service answered, to check the call against. */
  rows: number;
  total: number;
}

/**
 * The SQL the call issues for one request body: the body is validated by the call's own contract
 * (so defaults are filled in as the server fills them) and the service that the handler runs is
 * run against a Drizzle instance whose logger records each statement. Only the list work is
 * captured: the session and actor lookups and the transaction's BEGIN/COMMIT are issued by
 * handle.ts around the service, not by it.
 */
export type ListKind = 'admin' | 'distributor';

/** The demo distributor whose sub-accounts the distributor scenarios list. */
const DISTRIBUTOR_EMAIL = 'distributor@example.com';

export async function captureStatements(url: string, list: ListKind, body: Record<string, unknown>): Promise<Captured> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const statements: Statement[] = [];
  try {
    const db = drizzle({
      client: pool,
      logger: { logQuery: (text, params) => void statements.push({ text, params: [...params] }) },
    }) as unknown as Database;
    if (list === 'admin') {
      const result = await service.listForAdmin({ db } as CallContext, adminCompanyList.input.parse(body));
      return { statements, rows: result.rows.length, total: result.total };
    }
    const user = await findActiveUserByEmail({ db }, { email: DISTRIBUTOR_EMAIL });
    if (!user) throw new Error(`${DISTRIBUTOR_EMAIL} is not in the benchmark database`);
    statements.length = 0;
    // The service reads only the company of the actor; access was checked by handle() in the call.
    const actor = { companyId: user.company_id } as Actor;
    // Only the database and the actor's company are read by the list.
    const result = await distributors.listSubAccounts({ db, actor } as CallContext, distributorListCompanies.input.parse(body));
    return { statements, rows: result.rows.length, total: result.total };
  } finally {
    await pool.end();
  }
}
