import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('customer-portal');
