import type { AdminCompanyRow } from '@portal/contract/companies/admin-company-list';
import { COMPANY_STATES, type CompanyState } from '@portal/contract/shared/fields';
import type { PagingInput } from '@portal/contract/shared/paging';
import { PENDING_DELETE_DAYS } from '@portal/contract/shared/plans';
import { type Actor, hasRole, isStaff } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';

export type { CompanyRow } from './queries.ts';
export { capabilitiesFor } from './capabilities.ts';
export const findCompany = q.findCompany;
export const insertCompanies = q.insertCompanies;
export const countCompanies = q.countCompanies;
export const setPrimaryEmail = q.setPrimaryEmail;
export const updateCompany = q.updateCompany;

const DAY_MS = 86_400_000;

/** An ILIKE pattern that finds the text anywhere; % and _ in the text are literal. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** When a pending-delete company is deleted for good, in seconds since the epoch; null in other states. */
export function willDeleteAt(company: Pick<q.CompanyRow, 'current_state' | 'current_state_applied_at'>): number | null {
  if (company.current_state !== 'PENDING_DELETE') return null;
  return Math.floor((company.current_state_applied_at.getTime() + PENDING_DELETE_DAYS * DAY_MS) / 1000);
}

/** Writes one line of the company's history. */
export async function addEvent(db: Database, clock: Clock, companyId: number, actor: string, event: string) {
  await q.insertEvent(db, { company_id: companyId, actor, event, created_at: clock.now() });
}

/**
 * The company, if the actor may see it (read) or change it (write). Staff see every company,
 * but only admins change them; a distributor reaches its own sub-accounts; anyone else only
 * their own company. Unknown and hidden companies answer the same, so ids cannot be probed.
 */
export async function requireCompany(db: Database, actor: Actor, companyId: number, mode: 'read' | 'write'): Promise<q.CompanyRow> {
  const company = await q.findCompany(db, companyId);
  if (!company) throw notFound('Company not found');
  if (hasRole(actor, 'admin') && !hasRole(actor, 'admin_impersonating')) return company;
  if (isStaff(actor) && !hasRole(actor, 'admin_impersonating')) {
    if (mode === 'read') return company;
    throw forbidden();
  }
  const own = company.id === actor.companyId;
  const subAccount = hasRole(actor, 'distributor') && company.distributor_id === actor.companyId;
  if (own || subAccount) return company;
  throw notFound('Company not found');
}

export type AdminCompanyListInput = PagingInput & { target_company_states: CompanyState[] };

export async function listForAdmin(db: Database, input: AdminCompanyListInput) {
  const text = input.target_search_query.trim();
  const pattern = likePattern(text);
  const search = text
    ? {
        pattern,
        id: /^\d{1,9}$/.test(text) ? Number(text) : null,
        emailCompanyIds: users.companyIdsWithEmailLike(pattern),
      }
    : null;
  const [counts, page] = await Promise.all([
    q.countCompaniesByState(db, search),
    q.listCompanies(db, {
      states: input.target_company_states,
      search,
      order: input.target_order as Parameters<typeof q.listCompanies>[1]['order'],
      direction: input.target_order_direction,
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
      usersOf: users.usersJsonOf,
    }),
  ]);
  const count_in_state = Object.fromEntries(counts.map((c) => [c.state, c.n])) as Record<CompanyState, number>;
  for (const s of COMPANY_STATES) count_in_state[s] ??= 0;
  const total = input.target_company_states.reduce((sum, s) => sum + count_in_state[s], 0);

  const rows: AdminCompanyRow[] = page.map(({ distributor_id, distributor_name, ...c }) => ({
    ...c,
    current_state_applied_at: c.current_state_applied_at.toISOString(),
    created_at: c.created_at.toISOString(),
    distributor: distributor_id !== null ? { id: distributor_id, company_name: distributor_name ?? '' } : null,
  }));
  return { rows, total, count_in_state };
}
