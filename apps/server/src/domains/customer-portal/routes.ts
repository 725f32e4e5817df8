import {
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewStatus,
  cloudviewTerminate,
} from '@portal/contract/customer-portal/cloudview';
import { handle } from '../../platform/handle.ts';
import * as portal from './portal.ts';

export const customerPortalHandlers = [
  handle(cloudviewStatus, (input, ctx) => portal.status(ctx, input), { readOnly: true }),
  handle(cloudviewEnable, (input, ctx) => portal.enable(ctx, input)),
  handle(cloudviewGenerateLoginCredentials, (input, ctx) => portal.generateLoginCredentials(ctx, input)),
  handle(cloudviewTerminate, (input, ctx) => portal.terminate(ctx, input)),
];
