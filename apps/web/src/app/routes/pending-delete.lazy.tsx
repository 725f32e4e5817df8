import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PendingDeletePage } from '../../features/auth/components/pending-delete-page';

const route = getRouteApi('/public/pending_delete');

function PendingDeleteRoute() {
  const { will_delete_at } = route.useSearch();
  return <PendingDeletePage willDeleteAt={will_delete_at} />;
}

export const Route = createLazyRoute('/public/pending_delete')({ component: PendingDeleteRoute });
