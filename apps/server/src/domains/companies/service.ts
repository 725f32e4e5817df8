import type { AdminCompanyRow } from '@portal/contract/companies/admin-company-list';
import { COMPANY_STATES, type CompanyState } from '@portal/contract/shared/fields';
import type { PagingInput } from '@portal/contract/shared/paging';
import type { CallContext } from '../../platform/context.ts';
import { likePattern } from '../../platform/search.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';

export type AdminCompanyListInput = PagingInput & { target_company_states: CompanyState[] };

export async function listForAdmin(ctx: CallContext, input: AdminCompanyListInput) {
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
    tenancy.countCompaniesByState(ctx.db, search),
    tenancy.listCompanies(ctx.db, {
      states: input.target_company_states,
      search,
      order: input.target_order as tenancy.CompanyListQuery['order'],
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
