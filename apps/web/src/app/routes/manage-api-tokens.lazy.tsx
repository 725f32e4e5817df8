import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { ManageApiTokensPage } from '../../features/tokens/components/manage-api-tokens-page';

const route = getRouteApi('/signed-in/manage_api_tokens');

function ManageApiTokensRoute() {
  const { restrict } = route.useSearch();
  const navigate = route.useNavigate();
  return <ManageApiTokensPage restrict={restrict ?? 'active'} onRestrict={(next) => void navigate({ search: { restrict: next } })} />;
}

export const Route = createLazyRoute('/signed-in/manage_api_tokens')({ component: ManageApiTokensRoute });
