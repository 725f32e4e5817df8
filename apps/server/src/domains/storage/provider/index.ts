import path from 'node:path';
import { STORAGE_REGION_IDS } from '@portal/contract/storage/storage';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../platform/db.ts';
import { unsealKey } from '../keys.ts';
import { keysOfProviderAccount } from '../queries.ts';
import { type LocalProviderOptions, LocalStorageProvider } from './local.ts';
import type { ProviderKeys, StorageProvider } from './types.ts';
import { WasabiStorageProvider } from './wasabi.ts';

export * from './types.ts';

/**
 * One provider per provider setting in the process, shared by the apps configured alike (one endpoint, one
 * port), and closed when the last of them closes.
 */
const running = new Map<string, { provider: StorageProvider; users: Set<Config>; databases: Map<Config, Database> }>();

function optionsOf(config: Config): LocalProviderOptions | Record<string, unknown> {
  if (config.STORAGE_PROVIDER === 'wasabi') {
    return {
      provider: 'wasabi',
      apiUrl: config.WASABI_ACCOUNT_API_URL,
      apiKey: config.WASABI_ACCOUNT_API_KEY,
      s3Endpoint: config.WASABI_S3_ENDPOINT,
      subAccountEmail: config.WASABI_SUBACCOUNT_EMAIL,
      regions: wasabiRegions(config),
    };
  }
  return {
    directory: config.STORAGE_LOCAL_DIR || path.join(config.DATA_DIR, 'storage'),
    host: config.STORAGE_LOCAL_HOST,
    port: config.STORAGE_LOCAL_PORT,
    publicEndpoint: config.STORAGE_PUBLIC_ENDPOINT,
    regions: STORAGE_REGION_IDS,
  };
}

/**
 * The configured storage provider; it starts on first use. Given the call's database handle (its transaction),
 * the Wasabi adapter reads a sub-account's keys through it.
 */
export function storageProviderFor(config: Config, db?: Database): StorageProvider {
  const { provider } = entryOf(config);
  if (db && provider instanceof WasabiStorageProvider) return provider.lookingUpKeysIn((id) => keysInPortal(new Map([[config, db]]), id));
  return provider;
}

function entryOf(config: Config) {
  const options = optionsOf(config);
  const key = JSON.stringify(options);
  let entry = running.get(key);
  if (!entry) {
    const made: { provider: StorageProvider | null; users: Set<Config>; databases: Map<Config, Database> } = {
      provider: null,
      users: new Set(),
      databases: new Map(),
    };
    made.provider =
      config.STORAGE_PROVIDER === 'wasabi'
        ? new WasabiStorageProvider({
            apiUrl: config.WASABI_ACCOUNT_API_URL,
            apiKey: config.WASABI_ACCOUNT_API_KEY,
            s3Endpoint: config.WASABI_S3_ENDPOINT,
            subAccountEmail: config.WASABI_SUBACCOUNT_EMAIL,
            regions: wasabiRegions(config),
            keysOf: (accountId) => keysInPortal(made.databases, accountId),
          })
        : new LocalStorageProvider(options as LocalProviderOptions);
    entry = made as { provider: StorageProvider; users: Set<Config>; databases: Map<Config, Database> };
    running.set(key, entry);
  }
  return entry;
}

function wasabiRegions(config: Config): string[] {
  const listed = config.WASABI_REGIONS.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  return listed.length ? listed : [...STORAGE_REGION_IDS];
}

/** The keys the portal holds for a Wasabi sub-account (the adapter's S3 calls are made as the sub-account). */
async function keysInPortal(databases: Map<Config, Database>, accountId: string): Promise<ProviderKeys | null> {
  for (const [config, db] of databases) {
    const row = await keysOfProviderAccount(db, 'wasabi', accountId);
    if (row) return { accessKey: row.accessKey, secretKey: unsealKey(config, row.companyId, row.secretKey) };
  }
  return null;
}

/**
 * The app's start: the provider stays open until this app closes (closeStorageProvider). The app's database is
 * where the Wasabi adapter finds a sub-account's keys.
 */
export function holdStorageProvider(config: Config, db?: Database): void {
  const entry = entryOf(config);
  entry.users.add(config);
  if (db) entry.databases.set(config, db);
}

/** The app's close: the provider stops once no app configured with it is left. */
export async function closeStorageProvider(config: Config): Promise<void> {
  const key = JSON.stringify(optionsOf(config));
  const entry = running.get(key);
  entry?.databases.delete(config);
  if (!entry?.users.delete(config) || entry.users.size) return;
  running.delete(key);
  await entry.provider.close();
}
