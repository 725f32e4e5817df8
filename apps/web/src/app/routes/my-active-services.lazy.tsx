import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import type { TableSearch } from '../../components/data-table/table-search';
import { ActiveServicesPage } from '../../features/billing/components/active-services-page';

const route = getRouteApi('/signed-in/my_active_services');

function MyActiveServicesRoute() {
  const navigate = route.useNavigate();
  // Paging replaces the history entry, so Back leaves the page.
  const change = (next: TableSearch) => void navigate({ search: next, replace: true });
  return <ActiveServicesPage search={route.useSearch()} onSearchChange={change} />;
}

export const Route = createLazyRoute('/signed-in/my_active_services')({ component: MyActiveServicesRoute });
