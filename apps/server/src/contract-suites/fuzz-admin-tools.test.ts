import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('admin-tools');
