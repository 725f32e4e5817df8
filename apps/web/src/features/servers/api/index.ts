import {
  archiveLicense,
  createLicense,
  deleteLicense,
  getSerialLogs,
  relaxLicense,
  setLicenseFavourite,
  setLicenseLockState,
  setLicenseName,
  unarchiveLicense,
} from '@portal/contract/servers/licences';
import { adminServerLicenseTable, adminSetLicensePayload, userMyServersTable } from '@portal/contract/servers/server-tables';
import type { QueryClient } from '@tanstack/react-query';
import { callSource } from '../../../components/data-table/list-source';
import { defineMutation, defineQuery, invalidateCalls } from '../../../lib/call-hooks';

export const myServersQuery = defineQuery(userMyServersTable);
// Every row action reloads the table, whether it succeeded or not (spec-2 §8).
const MY_SERVERS = { onSettled: (queryClient: QueryClient) => invalidateCalls(queryClient, [userMyServersTable]) };
export const useCreateLicence = defineMutation(createLicense, MY_SERVERS);
export const useRenameLicence = defineMutation(setLicenseName, MY_SERVERS);
export const useFavouriteLicence = defineMutation(setLicenseFavourite, MY_SERVERS);
export const useRelaxLicence = defineMutation(relaxLicense, MY_SERVERS);
export const useLockLicence = defineMutation(setLicenseLockState, MY_SERVERS);
export const useArchiveLicence = defineMutation(archiveLicense, MY_SERVERS);
export const useRestoreLicence = defineMutation(unarchiveLicense, MY_SERVERS);
export const useDeleteLicence = defineMutation(deleteLicense, MY_SERVERS);
export const useSerialLogs = defineMutation(getSerialLogs);
export const serialLogsQuery = defineQuery(getSerialLogs);

export const adminLicencesSource = (filters: { has_plan_override: boolean | null; has_valid_lease: boolean | null }) =>
  callSource(adminServerLicenseTable, { filters });
export const useSetLicencePayload = defineMutation(adminSetLicensePayload, { invalidates: [adminServerLicenseTable] });
/** One company's licences, for its dialog. */
export const companyLicencesSource = (companyId: number) => callSource(adminServerLicenseTable, { target_company_id: companyId });
// From the company dialog: the dialog's list reloads whatever the outcome, as the servers table does.
export const useArchiveCompanyLicence = defineMutation(archiveLicense, {
  onSettled: (queryClient: QueryClient) => invalidateCalls(queryClient, [adminServerLicenseTable, userMyServersTable]),
});
