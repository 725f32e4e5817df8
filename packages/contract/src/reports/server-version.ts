import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';
import { zPageOf, zPaging } from '../shared/paging.ts';

/** The page's text while the downloads list offers no version to pick (spec-2 §2.9). */
export const NO_SERVER_VERSION_SELECTED = 'No server version selected yet';

/** The version report's page size (spec-2 §9). */
export const VERSION_REPORT_PAGE_SIZE = 20;

export const VERSION_REPORT_ORDER = ['company_name', 'primary_email', 'server_count', 'device_count'] as const;

/** A company running the version: its in-service licences and hosted consoles on it (docs/decisions/0063). */
export const zCompanyOnServerVersion = z.object({
  company_id: zCompanyId,
  company_name: z.string(),
  primary_email: z.string(),
  server_count: z.number().int().min(0),
  device_count: z.number().int().min(0),
});
export type CompanyOnServerVersion = z.infer<typeof zCompanyOnServerVersion>;

export const adminCompaniesOnServerVersion = defineCall({
  path: '/api/v1/web/AdminCompaniesOnServerVersion.json',
  tokenPermission: 'ADMIN_REPORTS_READ',
  summary:
    'The companies whose licences or hosted consoles report server_version, with how many servers and devices run it; target_search_query matches the name and the primary email.',
  input: zPaging(VERSION_REPORT_ORDER, VERSION_REPORT_PAGE_SIZE).extend({
    server_version: z.string().trim().min(1).max(50),
  }),
  output: zPageOf(zCompanyOnServerVersion),
  access: { roles: ['admin'] },
  exportable: { fileName: 'companies-on-server-version' },
  example: { server_version: '24.9.0' },
});
