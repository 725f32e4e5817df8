import { previewDebugEmail } from '@portal/contract/notifications/email-preview';
import { defineQuery } from '../../../lib/call-hooks';

/** A sample only changes with a deploy, so one answer per template serves the whole visit. */
export const emailPreviewQuery = defineQuery(previewDebugEmail, { staleTime: Number.POSITIVE_INFINITY });
