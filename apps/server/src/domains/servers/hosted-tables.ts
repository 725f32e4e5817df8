import type { AdminHostedRow } from '@portal/contract/servers/hosted';
import { regionName } from '@portal/contract/shared/plans';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import * as tenancy from '../tenancy/service.ts';
import { detailsOf } from './hosted.ts';
import * as q from './queries/hosted.ts';

type Ctx = CallContext<Actor>;

/** /my_servers' hosted groups (spec-2 §3): consoles being built (or failed), and consoles that exist. */
export async function companyHostedRows(ctx: Ctx, companyId: number, search: string) {
  const rows = await q.companyConsoles(ctx.db, companyId, search);
  const provisioning = rows
    .filter((h) => h.state === 'provisioning' || h.state === 'failed')
    .map((h) => ({
      id: h.id,
      name: h.server_name,
      failed: h.state === 'failed',
      failure_message: h.failure_message,
      region: regionName(h.region),
      created_at: h.created_at.toISOString(),
    }));
  const hosted = rows
    .filter((h) => h.state === 'ready' || h.state === 'deleting' || h.state === 'delete_failed')
    .map((h) => ({
      id: h.id,
      server_name: h.server_name,
      user_dns: h.user_dns,
      user_custom_dns: h.user_custom_dns,
      version: h.version,
      num_devices_online: h.num_devices_online,
      num_boosters_online: h.num_boosters_online,
      pending_delete: h.state === 'deleting',
      pending_delete_failed: h.state === 'delete_failed',
      favourited: h.favourited,
      admin_username: h.admin_username,
      admin_password: h.admin_password,
      region: regionName(h.region),
      created_at: h.created_at.toISOString(),
    }));
  return { provisioning, hosted };
}

async function companyNames(ctx: Ctx, ids: number[]) {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) names.set(id, (await tenancy.findCompany(ctx, { companyId: id }))?.company_name ?? '');
  return names;
}

export async function adminList(ctx: Ctx, input: { page: number; page_size: number; target_search_query: string }) {
  const page = await q.pageAllConsoles(ctx.db, {
    search: input.target_search_query.trim(),
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
  const names = await companyNames(
    ctx,
    page.rows.map((r) => r.company_id),
  );
  const rows: AdminHostedRow[] = page.rows.map((h) => {
    const { admin_password: _secret, ...details } = detailsOf(h);
    return { ...details, company_name: names.get(h.company_id) ?? '' };
  });
  return { rows, total: page.total };
}

/** /manage_tenant_hosts: every console that exists, as a host. */
export async function tenantHosts(ctx: Ctx, input: { page: number; page_size: number }) {
  const page = await q.pageAllConsoles(ctx.db, {
    search: '',
    states: ['ready', 'deleting', 'delete_failed'],
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
  return {
    rows: page.rows.map((h) => ({
      id: h.id,
      public_dns: h.user_dns,
      region: { code: h.region, name: regionName(h.region) },
      created_at: h.created_at.toISOString(),
      admin_user: h.admin_username,
      licence: h.licence,
    })),
    total: page.total,
  };
}
