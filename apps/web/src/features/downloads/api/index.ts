import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminListDownloadsAll,
  adminPatchDownload,
  createServerPage,
  listDownloads,
} from '@portal/contract/downloads/downloads';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const downloadsQuery = defineQuery(listDownloads);
export const createServerPageQuery = defineQuery(createServerPage);
export const allDownloadsQuery = defineQuery(adminListDownloadsAll);
const VIEWS = { invalidates: [adminListDownloadsAll, listDownloads] };
export const useCreateDownload = defineMutation(adminCreateDownload, VIEWS);
export const usePresignUpload = defineMutation(adminCreateDownloadPresignedUrl);
export const usePatchDownload = defineMutation(adminPatchDownload, VIEWS);
