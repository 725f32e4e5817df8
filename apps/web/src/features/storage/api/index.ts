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
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const storageAccountQuery = defineQuery(storageAccountGet);
export const activeRegionsQuery = defineQuery(storageActiveRegions, { staleTime: 5 * 60_000 });
export const bucketsQuery = defineQuery(storageListBuckets);
const VIEWS = { invalidates: [storageAccountGet, storageListBuckets] };
export const useEnableStorage = defineMutation(storageEnable, VIEWS);
export const useDisableStorage = defineMutation(storageDisable, VIEWS);
export const useRotateKeys = defineMutation(storageRotateKeys, VIEWS);
export const useCreateBucket = defineMutation(storageCreateBucket, VIEWS);
export const useDeleteBucket = defineMutation(storageDeleteBucket, VIEWS);
