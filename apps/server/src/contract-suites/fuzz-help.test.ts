import { BOARD_ENTRIES } from '@portal/contract/help/board-entries';
import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('help', BOARD_ENTRIES);
