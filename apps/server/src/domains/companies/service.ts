import { SEARCH_COUNT_CAP } from '@portal/contract/shared/paging';
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
        emailCompanyIds: users.companyIdsWithEmailLike(ctx, { pattern }),
      }
    : null;
  const query: tenancy.CompanyListQuery = {
    states: input.target_company_states,
    search,
    order: input.target_order as tenancy.CompanyListQuery['order'],
    direction: input.target_order_direction,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
    usersOf: (companyId) => users.usersJsonOf(ctx, { companyId }),
  };
  const {
    rows: page,
    counts,
    capped,
  } = search ? await tenancy.searchCompanies(ctx, { ...query, search }) : { ...(await tenancy.listCompanies(ctx, query)), capped: false };
  // A search past the cap counted each state only up to it (and one more, to know): the counts stop at the cap.
  const cap = (n: number) => (capped ? Math.min(n, SEARCH_COUNT_CAP) : n);
  const count_in_state = {} as Record<CompanyState, number>;
  for (const s of COMPANY_STATES) count_in_state[s] = cap(counts[s] ?? 0);
  const sum = input.target_company_states.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const total = cap(sum);
  const total_capped = capped && sum > SEARCH_COUNT_CAP;

  return { rows: page, total, total_capped, count_in_state };
}
