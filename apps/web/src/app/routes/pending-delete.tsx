import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PendingDeletePage } from '../../features/auth/components/pending-delete-page';
import { publicRoute } from './public';

const pendingDeleteSearch = z.object({
  will_delete_at: z.coerce.number().int().min(0).optional().catch(undefined),
});

function PendingDeleteRoute() {
  const { will_delete_at } = pendingDeleteRoute.useSearch();
  return <PendingDeletePage willDeleteAt={will_delete_at} />;
}

/** Public: the login answer 'reactivate_account' sends the user here without a session. */
export const pendingDeleteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/pending_delete',
  validateSearch: (search) => pendingDeleteSearch.parse(search),
  component: PendingDeleteRoute,
});
