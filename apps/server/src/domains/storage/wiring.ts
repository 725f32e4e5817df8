/**
 * The storage domain's part of the app's wiring: the app holds the storage provider (the embedded S3 endpoint,
 * docs/decisions/0050) while it runs, and closes it at shutdown.
 */
export { closeStorageProvider, holdStorageProvider } from './provider/index.ts';
