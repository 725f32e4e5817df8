import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('storage');
