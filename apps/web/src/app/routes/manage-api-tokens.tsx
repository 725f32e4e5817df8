import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { oneOf, searchSchema } from '../../lib/search-params';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as the token calls' access (spec-2 §2.12): customers, distributors and admins with API tokens. */
export const MANAGE_API_TOKENS_REQUIREMENT: Requirement = { roles: ['admin', 'distributor', 'customer'], capability: 'use_api_tokens' };

/** The tab is URL state (spec-2 §2.1: restrict = active or revoked); kept here, not from the contract, to keep zod out of the route tree. */
const tokensSearch = searchSchema({ restrict: oneOf(['active', 'revoked'] as const) });

export const manageApiTokensRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_api_tokens',
  validateSearch: (search) => tokensSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, MANAGE_API_TOKENS_REQUIREMENT),
}).lazy(() => import('./manage-api-tokens.lazy').then((m) => m.Route));
