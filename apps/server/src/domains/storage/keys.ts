import type { Config } from '../../config.ts';
import { seal, unseal } from '../../platform/sealed.ts';

type SealingConfig = Pick<Config, 'SEALING_KEY' | 'APP_SECRET'>;

/** Where a storage account's secret key is kept: its seal is bound to the row, one per company (decision 0067). */
const keptAt = (companyId: number) => `storage_accounts.secret_key:${companyId}`;

/** The account's secret key as it is stored: sealed. */
export const sealKey = (config: SealingConfig, companyId: number, secret: string) => seal(config, keptAt(companyId), secret);

/** The account's secret key from its stored form, to show the company or to sign the adapter's S3 calls. */
export const unsealKey = (config: SealingConfig, companyId: number, stored: string) => unseal(config, keptAt(companyId), stored);
