import { STORAGE_CENTS_PER_TB_MONTH, STORAGE_MESSAGES, STORAGE_TB_BYTES } from '@portal/contract/storage/storage';

/**
 * The estimate beside the usage (spec-1 §2, §9): $6.99 per TB a month charged daily, at least 1 TB, and the
 * month is 30 days of it. Cents, not rounded until shown: the daily figure is a fraction of a cent per GB.
 */
export function estimatedCostCents(usageBytes: number): { perDay: number; perMonth: number } {
  const tb = Math.max(usageBytes / STORAGE_TB_BYTES, 1);
  const perDay = (tb * STORAGE_CENTS_PER_TB_MONTH) / 30;
  return { perDay, perMonth: perDay * 30 };
}

/** Bytes as people read them, in decimal units as the provider bills them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** The spec's failure texts (§8): the fixed sentence, then the server's message. */
export const createBucketFailure = (message: string) => `${STORAGE_MESSAGES.createBucketFailed} ${message}`;
export const rotateKeysFailure = (message: string) => `${STORAGE_MESSAGES.rotateFailed} ${message}`;
/** Enable and disable failures: the server's message, or 'Unknown Error'. */
export const plainFailure = (message: string) => message || 'Unknown Error';
