import { LOCAL_PORTAL_ENTRIES } from './customer-portal/local-portal-entries.ts';
import { DOWNLOAD_ENTRIES } from './downloads/download-entries.ts';
import { BOARD_ENTRIES } from './help/board-entries.ts';
import { CARD_PAGE_ENTRIES } from './payments/card-page-entries.ts';
import type { Entry } from './shared/define-entry.ts';
import { TICKET_ENTRIES } from './tickets/ticket-entries.ts';

/**
 * Every entry point that is not an ordinary call (docs/decisions/0098): downloads, uploads, streams and the
 * stand-in services' pages. Like ALL_CALLS, the list feeds the API document, the access snapshot, the
 * authorization matrix and the bad-input fuzz, and the server registers each through platform/entry.ts.
 */
export const ALL_ENTRIES: readonly Entry[] = [
  ...TICKET_ENTRIES,
  ...DOWNLOAD_ENTRIES,
  ...CARD_PAGE_ENTRIES,
  ...BOARD_ENTRIES,
  ...LOCAL_PORTAL_ENTRIES,
];
