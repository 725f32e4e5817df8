import type { CallData } from '@portal/contract/shared/define-call';
import type { adminCompaniesOnServerVersion } from '@portal/contract/reports/server-version';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import * as q from './queries/server-versions-tv.ts';

/** /reports/report_customers_by_server_version: the companies running a version (docs/decisions/0063). */
export async function companiesOnServerVersion(ctx: CallContext<Actor>, input: CallData<typeof adminCompaniesOnServerVersion>) {
  return q.pageCompaniesOnVersion(ctx.db, {
    version: input.server_version,
    search: input.target_search_query.trim(),
    order: input.target_order,
    direction: input.target_order_direction,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
}
