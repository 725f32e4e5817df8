import { previewDebugEmail } from '@portal/contract/notifications/email-preview';
import { handle } from '../../platform/handle.ts';
import * as service from './service.ts';

export const notificationHandlers = [
  handle(previewDebugEmail, (input, ctx) => service.previewTemplate(ctx, { name: input.emailTypeEnum })),
];
