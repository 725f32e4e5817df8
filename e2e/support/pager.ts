import { type PagerReceiver, startPagerReceiver } from '../../apps/server/src/test/pager-receiver.ts';
import { PAGER_PORT, PAGER_SECRET } from './addresses.ts';

export type { PagerReceiver };

/** Starts the paging webhook the portal's PAGER_WEBHOOK_URL names; it keeps only correctly signed pages. */
export function receivePages(): Promise<PagerReceiver> {
  return startPagerReceiver(PAGER_SECRET, PAGER_PORT);
}
