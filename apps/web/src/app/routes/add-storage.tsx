import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As the storage calls' access; importing the contract here would put it in the entry chunk. */
export const STORAGE_REQUIREMENT: Requirement = { roles: ['customer', 'distributor'], capability: 'use_storage' };

export const addStorageRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/add_storage',
  beforeLoad: ({ context }) => requireAccess(context.auth, STORAGE_REQUIREMENT),
  loader: async ({ context: { queryClient } }) => {
    const { storageAccountQuery } = await import('../../features/storage/api');
    return preloaded([queryClient.ensureQueryData(storageAccountQuery.options())]);
  },
}).lazy(() => import('./add-storage.lazy').then((m) => m.Route));
