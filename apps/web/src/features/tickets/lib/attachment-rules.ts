import { ATTACHMENT_LIMIT_BYTES } from '@portal/contract/tickets/ticket-fields';

/** A file chosen for a ticket or comment: uploaded at once, its id sent when the form is. */
export interface PendingAttachment {
  key: number;
  name: string;
  size: number;
  /** 0 to 1 while uploading. */
  progress: number;
  state: 'uploading' | 'done' | 'failed' | 'too-large';
  id?: number;
  error?: string;
}

/** 5e8 bytes or more are refused before the upload starts (spec-1 §5). */
export const isTooLarge = (size: number) => size >= ATTACHMENT_LIMIT_BYTES;

/** The files not already in the list: a second file of the same name is ignored (spec-1 §5). */
export function newFiles(existing: readonly { name: string }[], files: readonly File[]): File[] {
  const names = new Set(existing.map((a) => a.name));
  const out: File[] = [];
  for (const file of files) {
    if (names.has(file.name)) continue;
    names.add(file.name);
    out.push(file);
  }
  return out;
}

/** Dropped items that are files; directories are ignored (spec-1 §5). */
export function droppedFiles(transfer: DataTransfer): File[] {
  const out: File[] = [];
  const items = Array.from(transfer.items ?? []);
  if (items.length === 0) return Array.from(transfer.files ?? []);
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry?.isDirectory) continue;
    const file = item.getAsFile();
    if (file) out.push(file);
  }
  return out;
}

/** The ids to send: only finished uploads. */
export const uploadedIds = (list: readonly PendingAttachment[]) =>
  list.flatMap((a) => (a.state === 'done' && a.id !== undefined ? [a.id] : []));

export const stillUploading = (list: readonly PendingAttachment[]) => list.some((a) => a.state === 'uploading');

/** Decimal units, as the 500 MB limit is: 1500000 -> '1.5 MB'. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${units[unit]}`;
}
