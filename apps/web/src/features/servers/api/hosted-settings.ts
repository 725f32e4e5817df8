import { hostedDescribe } from '@portal/contract/servers/hosted';
import {
  hostedCheckEmailVerification,
  hostedConfirmSenderEmail,
  hostedResendVerificationEmail,
  hostedTestSmtpCredentials,
  hostedUpdateBranding,
  hostedValidateMailFromDns,
} from '@portal/contract/servers/hosted-settings';
import { userMyServersTable } from '@portal/contract/servers/server-tables';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

/** The Hosted server settings dialog's calls (docs/decisions/0053). */
export const hostedDetailsQuery = defineQuery(hostedDescribe);
export const useUpdateBranding = defineMutation(hostedUpdateBranding, { invalidates: [userMyServersTable, hostedDescribe] });
export const useTestSmtp = defineMutation(hostedTestSmtpCredentials);
export const useCheckDns = defineMutation(hostedValidateMailFromDns);
export const useCheckVerification = defineMutation(hostedCheckEmailVerification);
export const useResendVerification = defineMutation(hostedResendVerificationEmail);
export const useConfirmSender = defineMutation(hostedConfirmSenderEmail);
