import { createRoute } from '@tanstack/react-router';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { STORAGE_REQUIREMENT } from './add-storage';
import { signedInRoute } from './signed-in';

export const storageWasabiRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/storage/wasabi',
  beforeLoad: ({ context }) => requireAccess(context.auth, STORAGE_REQUIREMENT),
  loader: async ({ context: { queryClient } }) => {
    const { storageAccountQuery } = await import('../../features/storage/api');
    return preloaded([queryClient.ensureQueryData(storageAccountQuery.options())]);
  },
}).lazy(() => import('./storage-wasabi.lazy').then((m) => m.Route));
