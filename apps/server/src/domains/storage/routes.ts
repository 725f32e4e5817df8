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
import { handle } from '../../platform/handle.ts';
import * as storage from './service.ts';
import * as utilization from './utilization.ts';

export const storageHandlers = [
  handle(storageEnable, (_input, ctx) => storage.enable(ctx)),
  handle(storageDisable, (input, ctx) => storage.disable(ctx, input)),
  handle(storageAccountGet, (_input, ctx) => storage.accountGet(ctx), { readOnly: true }),
  handle(storageRotateKeys, (_input, ctx) => storage.rotateKeys(ctx)),
  handle(storageActiveRegions, (_input, ctx) => storage.activeRegions(ctx), { readOnly: true }),
  handle(storageCreateBucket, (input, ctx) => storage.createBucket(ctx, input)),
  handle(storageListBuckets, (_input, ctx) => storage.listBuckets(ctx)),
  handle(storageDeleteBucket, (input, ctx) => storage.deleteBucket(ctx, input)),
  handle(storageUsageGet, (_input, ctx) => utilization.usageGet(ctx), { readOnly: true }),
  handle(storageUsageReport, (input, ctx) => utilization.usageReport(ctx, input), { readOnly: true }),
];
