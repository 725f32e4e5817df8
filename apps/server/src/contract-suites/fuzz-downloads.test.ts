import { DOWNLOAD_ENTRIES } from '@portal/contract/downloads/download-entries';
import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('downloads', DOWNLOAD_ENTRIES);
