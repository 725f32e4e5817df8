import { TICKET_ENTRIES } from '@portal/contract/tickets/ticket-entries';
import { fuzzDomain } from './fuzz.ts';

await fuzzDomain('tickets', TICKET_ENTRIES);
