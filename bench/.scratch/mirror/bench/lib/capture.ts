import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as service from '../../apps/server/src/domains/companies/service.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import * as schema from '../../apps/server/src/platform/schema.ts';

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
export async function captureStatements(url: string, body: Record<string, unknown>): Promise<Captured> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const statements: Statement[] = [];
  try {
    const db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (text, params) => void statements.push({ text, params: [...params] }) },
    }) as unknown as Database;
    const input = adminCompanyList.input.parse(body);
    const result = await service.listForAdmin(db, input);
    return { statements, rows: result.rows.length, total: result.total };
  } finally {
    await pool.end();
  }
}
