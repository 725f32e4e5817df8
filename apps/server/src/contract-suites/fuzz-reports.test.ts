import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('reports');
