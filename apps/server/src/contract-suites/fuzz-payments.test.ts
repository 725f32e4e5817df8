import { CARD_PAGE_ENTRIES } from '@portal/contract/payments/card-page-entries';
import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('payments', CARD_PAGE_ENTRIES);
