import {
  storageAccountGet,
  storageActiveRegions,
  storageCreateBucket,
  storageDeleteBucket,
  storageDisable,
  storageEnable,
  storageListBuckets,
  storageRotateKeys,
} from '@portal/contract/storage/storage';
import { storageUsageGet, storageUsageReport } from '@portal/contract/storage/usage';
import { adminStorageList } from '@portal/contract/storage/manage-storage';
import { callSource } from '../../../components/data-table/list-source';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const storageAccountQuery = defineQuery(storageAccountGet);
export const activeRegionsQuery = defineQuery(storageActiveRegions, { staleTime: 5 * 60_000 });
export const bucketsQuery = defineQuery(storageListBuckets);
export const storageUsageQuery = defineQuery(storageUsageGet);
export const storageUsageReportQuery = defineQuery(storageUsageReport);
export const adminStorageSource = () => callSource(adminStorageList);
const VIEWS = { invalidates: [storageAccountGet, storageListBuckets, storageUsageGet, storageUsageReport] };
export const useEnableStorage = defineMutation(storageEnable, VIEWS);
export const useDisableStorage = defineMutation(storageDisable, VIEWS);
export const useRotateKeys = defineMutation(storageRotateKeys, VIEWS);
export const useCreateBucket = defineMutation(storageCreateBucket, VIEWS);
export const useDeleteBucket = defineMutation(storageDeleteBucket, VIEWS);
