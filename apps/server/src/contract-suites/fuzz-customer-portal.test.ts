import { LOCAL_PORTAL_ENTRIES } from '@portal/contract/customer-portal/local-portal-entries';
import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('customer-portal', LOCAL_PORTAL_ENTRIES);
