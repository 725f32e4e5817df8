import {
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewStatus,
  cloudviewTerminate,
} from '@portal/contract/customer-portal/cloudview';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const portalStatusQuery = defineQuery(cloudviewStatus);
const VIEWS = { invalidates: [cloudviewStatus] };
export const useEnablePortal = defineMutation(cloudviewEnable, VIEWS);
export const useTerminatePortal = defineMutation(cloudviewTerminate, VIEWS);
export const useGeneratePortalLogin = defineMutation(cloudviewGenerateLoginCredentials);
