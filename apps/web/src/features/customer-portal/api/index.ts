import {
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewStatus,
  cloudviewTerminate,
} from '@portal/contract/customer-portal/cloudview';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const portalStatusQuery = defineQuery(cloudviewStatus);
const VIEWS = { invalidates: [cloudviewStatus] };
export const useEnablePortal = defineMutation(cloudviewEnable, VIEWS);
// A customer's capability goes with its portal (decision 0057): the signed-in context is asked again.
export const useTerminatePortal = defineMutation(cloudviewTerminate, { invalidates: [cloudviewStatus, getAuthContext] });
export const useGeneratePortalLogin = defineMutation(cloudviewGenerateLoginCredentials);
