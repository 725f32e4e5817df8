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
import {
  adminServerLicenseTable,
  adminSetLicensePayload,
  licenseCheckIn,
  userMyServersTable,
} from '@portal/contract/servers/server-tables';
import {
  adminHostedList,
  devTenantHosts,
  hostedCreate,
  hostedDelete,
  hostedDescribe,
  hostedDescribeAsyncTask,
  hostedListAsyncTasks,
  hostedListRegions,
  hostedSetFavourite,
  hostedSetName,
} from '@portal/contract/servers/hosted';
import {
  hostedCheckEmailVerification,
  hostedConfirmSenderEmail,
  hostedResendVerificationEmail,
  hostedTestSmtpCredentials,
  hostedUpdateBranding,
  hostedValidateMailFromDns,
} from '@portal/contract/servers/hosted-settings';
import { handle } from '../../platform/handle.ts';
import { checkIn, countCheckIn } from './check-in.ts';
import * as hosted from './hosted.ts';
import * as hostedSettings from './hosted-settings.ts';
import * as hostedTables from './hosted-tables.ts';
import * as licences from './licences.ts';
import * as tables from './server-tables.ts';

export const serverHandlers = [
  handle(createLicense, (input, ctx) => licences.createLicence(ctx, input)),
  handle(setLicenseName, (input, ctx) => licences.setName(ctx, input)),
  handle(setLicenseFavourite, (input, ctx) => licences.setFavourite(ctx, input)),
  handle(relaxLicense, (input, ctx) => licences.relax(ctx, input)),
  handle(setLicenseLockState, (input, ctx) => licences.setLockState(ctx, input)),
  handle(archiveLicense, (input, ctx) => licences.archive(ctx, input)),
  handle(unarchiveLicense, (input, ctx) => licences.unarchive(ctx, input)),
  handle(deleteLicense, (input, ctx) => licences.remove(ctx, input)),
  handle(getSerialLogs, (input, ctx) => licences.serialLogs(ctx, input), { readOnly: true }),
  handle(userMyServersTable, (input, ctx) => tables.myServers(ctx, input), { readOnly: true }),
  handle(adminServerLicenseTable, (input, ctx) => tables.adminTable(ctx, input), { readOnly: true }),
  handle(adminSetLicensePayload, (input, ctx) => tables.setPayload(ctx, input)),
  handle(licenseCheckIn, (input, ctx) => checkIn(ctx, input), { before: (input, ctx) => countCheckIn(ctx, input) }),
  handle(hostedCreate, (input, ctx) => hosted.createHosted(ctx, input)),
  handle(hostedListAsyncTasks, (input, ctx) => hosted.listAsyncTasks(ctx, input), { readOnly: true }),
  handle(hostedDescribeAsyncTask, (input, ctx) => hosted.describeAsyncTask(ctx, input), { readOnly: true }),
  handle(hostedListRegions, (input, ctx) => hosted.listRegions(ctx, input), { readOnly: true }),
  handle(hostedSetName, (input, ctx) => hosted.setName(ctx, input)),
  handle(hostedSetFavourite, (input, ctx) => hosted.setFavourite(ctx, input)),
  handle(hostedDelete, (input, ctx) => hosted.remove(ctx, input)),
  handle(hostedDescribe, (input, ctx) => hosted.describe(ctx, input), { readOnly: true }),
  handle(hostedUpdateBranding, (input, ctx) => hostedSettings.updateBranding(ctx, input)),
  handle(hostedTestSmtpCredentials, (input, ctx) => hostedSettings.testSmtpCredentials(ctx, input), { readOnly: true }),
  handle(hostedValidateMailFromDns, (input, ctx) => hostedSettings.validateMailFromDns(ctx, input), { readOnly: true }),
  handle(hostedCheckEmailVerification, (input, ctx) => hostedSettings.checkEmailVerification(ctx, input)),
  handle(hostedResendVerificationEmail, (input, ctx) => hostedSettings.resendVerificationEmail(ctx, input)),
  handle(hostedConfirmSenderEmail, (input, ctx) => hostedSettings.confirmSenderEmail(ctx, input)),
  handle(adminHostedList, (input, ctx) => hostedTables.adminList(ctx, input), { readOnly: true }),
  handle(devTenantHosts, (input, ctx) => hostedTables.tenantHosts(ctx, input), { readOnly: true }),
];
