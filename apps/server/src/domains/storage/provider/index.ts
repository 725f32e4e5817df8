import path from 'node:path';
import { STORAGE_REGION_IDS } from '@portal/contract/storage/storage';
import type { Config } from '../../../config.ts';
import { type LocalProviderOptions, LocalStorageProvider } from './local.ts';
import type { StorageProvider } from './types.ts';

export * from './types.ts';

/**
 * One provider per provider setting in the process, shared by the apps configured alike (one endpoint, one
 * port), and closed when the last of them closes.
 */
const running = new Map<string, { provider: StorageProvider; users: Set<Config> }>();

function optionsOf(config: Config): LocalProviderOptions {
  return {
    directory: config.STORAGE_LOCAL_DIR || path.join(config.DATA_DIR, 'storage'),
    host: config.STORAGE_LOCAL_HOST,
    port: config.STORAGE_LOCAL_PORT,
    publicEndpoint: config.STORAGE_PUBLIC_ENDPOINT,
    regions: STORAGE_REGION_IDS,
  };
}

/** The configured storage provider; it starts on first use. */
export function storageProviderFor(config: Config): StorageProvider {
  return entryOf(config).provider;
}

function entryOf(config: Config) {
  const options = optionsOf(config);
  const key = JSON.stringify(options);
  let entry = running.get(key);
  if (!entry) {
    entry = { provider: new LocalStorageProvider(options), users: new Set() };
    running.set(key, entry);
  }
  return entry;
}

/** The app's start: the provider stays open until this app closes (closeStorageProvider). */
export function holdStorageProvider(config: Config): void {
  entryOf(config).users.add(config);
}

/** The app's close: the provider stops once no app configured with it is left. */
export async function closeStorageProvider(config: Config): Promise<void> {
  const key = JSON.stringify(optionsOf(config));
  const entry = running.get(key);
  if (!entry?.users.delete(config) || entry.users.size) return;
  running.delete(key);
  await entry.provider.close();
}
