import type { AdminLicenceRow, SelfHostedRow } from '@portal/contract/servers/server-tables';
import { decodePayload, encodePayload, featuresOf, licenceStatus, outdatedBy } from '@portal/contract/servers/payload';
import { LICENCE_MESSAGES } from '@portal/contract/servers/licences';
import { SERVER_REGIONS } from '@portal/contract/shared/plans';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import { companyHostedRows } from './hosted-tables.ts';
import * as q from './queries.ts';

type Ctx = CallContext<Actor>;

/** The payload a plan gives: every feature, the configured minimum version, no limits (docs/decisions/0034). */
export function planPayload(config: CallContext['config'], _planId: string): string {
  return encodePayload({ features: 1, minimum_version: config.SERVER_MINIMUM_VERSION, limits: {} });
}

/**
 * A self-hosted server runs on the customer's own machine, which the portal cannot place; it shows the region of
 * the company it serves, once it has checked in (docs/decisions/0084).
 */
function licenceRegion(l: q.LicenceTableRow, companyRegion: string): SelfHostedRow['region'] {
  if (!l.last_seen_at) return null;
  const region = SERVER_REGIONS.find((r) => r.code === companyRegion);
  return region ? { code: region.code, name: region.name } : null;
}

function selfHostedRow(l: q.LicenceTableRow, latest: string, companyRegion: string): SelfHostedRow {
  const outdated = outdatedBy(l.server_version, latest);
  return {
    serial_number: l.serial_number,
    name: l.name,
    enabled: l.enabled,
    status: licenceStatus(l),
    server_version: l.server_version,
    is_outdated: outdated !== null,
    outdated,
    allowed_ip_address: l.allowed_ip_address,
    allowed_machine_id: l.allowed_machine_id,
    last_ip_address: l.last_ip,
    last_machine_id: l.last_machine_id,
    num_clients_online: l.num_clients_online,
    num_boosters_online: l.num_boosters_online,
    favourited: l.favourited,
    region: licenceRegion(l, companyRegion),
    last_seen_at: l.last_seen_at?.toISOString() ?? null,
    archived_at: l.archived_at?.toISOString() ?? null,
    created_at: l.created_at.toISOString(),
  };
}

export async function myServers(
  ctx: Ctx,
  input: { page: number; page_size: number; target_search_query: string; target_archived: boolean },
) {
  const companyId = ctx.actor.companyId;
  const search = input.target_search_query.trim();
  const latest = ctx.config.SERVER_LATEST_VERSION;
  // Side by side (a read-only call runs on the pool): one round trip's wait instead of three in turn. Nothing is
  // answered unless the company check passes.
  const [company, page, hosted] = await Promise.all([
    tenancy.requireCompany(ctx, { companyId, mode: 'read' }),
    q.pageCompanyLicences(ctx.db, companyId, {
      search,
      archived: input.target_archived,
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
    }),
    companyHostedRows(ctx, companyId, search),
  ]);
  const selfHosted = page.rows.map((l) => selfHostedRow(l, latest, company.region_code));
  return { ...hosted, self_hosted: selfHosted, total: page.total, latest_version: latest };
}

/** What an override changes from the plan's payload, in words. */
export function payloadDiff(plan: string, override: string | null): string {
  if (override === null) return '';
  const a = decodePayload(plan);
  const b = decodePayload(override);
  if (!a || !b) return 'Unreadable payload';
  const parts: string[] = [];
  const added = featuresOf(b.features & ~a.features);
  const removed = featuresOf(a.features & ~b.features);
  if (added.length) parts.push(`+${added.join(', +')}`);
  if (removed.length) parts.push(`-${removed.join(', -')}`);
  if (a.minimum_version !== b.minimum_version) parts.push(`minimum ${b.minimum_version}`);
  for (const [k, v] of Object.entries(b.limits)) parts.push(`${k} ${v}`);
  return parts.join('; ') || 'Same as plan';
}

export async function adminTable(
  ctx: Ctx,
  input: {
    page: number;
    page_size: number;
    target_search_query: string;
    target_company_id: number | null;
    filters: Omit<q.AdminLicenceFilters, 'company_id'>;
  },
): Promise<{ rows: AdminLicenceRow[]; total: number }> {
  const now = ctx.clock.now();
  const page = await q.pageAllLicences(
    ctx.db,
    input.target_search_query.trim(),
    { ...input.filters, company_id: input.target_company_id },
    now,
    input.page_size,
    (input.page - 1) * input.page_size,
  );
  const companies = new Map<number, tenancy.CompanyRow | null>();
  for (const id of new Set(page.rows.map((r) => r.company_id))) companies.set(id, await tenancy.findCompany(ctx, { companyId: id }));
  const rows = page.rows.map((l) => {
    const company = companies.get(l.company_id);
    const plan = planPayload(ctx.config, company?.plan_id ?? '');
    return {
      serial_number: l.serial_number,
      name: l.name,
      enabled: l.enabled,
      archived: l.archived_at !== null,
      company_name: company?.company_name ?? '',
      company_id: l.company_id,
      plan_name: company?.plan_id ?? '',
      plan_payload: plan,
      payload_override: l.payload_override,
      payload_diff: payloadDiff(plan, l.payload_override),
      server_version: l.server_version,
      created_at: l.created_at.toISOString(),
      last_issue_end: l.last_issue_end?.toISOString() ?? null,
    };
  });
  return { rows, total: page.total };
}

export async function setPayload(ctx: Ctx, input: { target_serial: string; target_payload: string | null }) {
  const licence = await q.lockLicence(ctx.db, input.target_serial);
  if (!licence) throw notFound(LICENCE_MESSAGES.notFound);
  let payload: string | null = null;
  if (input.target_payload !== null) {
    const decoded = decodePayload(input.target_payload.trim());
    if (!decoded) throw badInput({ target_payload: 'A payload is a features bitmask, a minimum version and limits as JSON, joined by |' });
    payload = encodePayload(decoded);
  }
  await q.updateLicence(ctx.db, licence.id, { payload_override: payload });
  await ctx.audit(
    licence.company_id,
    `Licence ${licence.serial_number} payload ${payload === null ? 'returned to the plan' : `set to ${payload}`}`,
  );
  return null;
}
