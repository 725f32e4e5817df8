import { adminCompaniesOnServerVersion } from '@portal/contract/reports/server-version';
import { callSource } from '../../../components/data-table/list-source';

/** The version report's rows for one version, as the DataTable pages, sorts and exports them. */
export const companiesOnVersionSource = (serverVersion: string) =>
  callSource(adminCompaniesOnServerVersion, { server_version: serverVersion });
