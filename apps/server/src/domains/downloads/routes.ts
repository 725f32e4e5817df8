import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminDescribeDownload,
  adminListDownloadsAll,
  adminPatchDownload,
  createServerPage,
  downloadsMeta,
  listDownloads,
} from '@portal/contract/downloads/downloads';
import { handle } from '../../platform/handle.ts';
import * as downloads from './service.ts';

export const downloadHandlers = [
  handle(adminDescribeDownload, (input, ctx) => downloads.describe(ctx, input), { readOnly: true }),
  handle(adminCreateDownload, (input, ctx) => downloads.create(ctx, input)),
  handle(adminCreateDownloadPresignedUrl, (input, ctx) => downloads.presignedUrl(ctx, input)),
  handle(adminPatchDownload, (input, ctx) => downloads.patch(ctx, input)),
  handle(adminListDownloadsAll, (input, ctx) => downloads.listAll(ctx, input), { readOnly: true }),
  handle(listDownloads, (input, ctx) => downloads.listForCustomer(ctx, input), { readOnly: true }),
  handle(downloadsMeta, (input, ctx) => downloads.meta(ctx, input), { readOnly: true }),
  handle(createServerPage, (_input, ctx) => downloads.createServerPage(ctx), { readOnly: true }),
];
export { downloadEntry } from './download-route.ts';
