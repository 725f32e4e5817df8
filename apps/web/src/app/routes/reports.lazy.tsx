import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { ReportsPage } from '../../features/reports/reports-page';

const route = getRouteApi('/signed-in/reports');

function ReportsRoute() {
  const { restrict } = route.useSearch();
  const navigate = route.useNavigate();
  return <ReportsPage tab={restrict} onTabChange={(next) => void navigate({ search: next ? { restrict: next } : {} })} />;
}

export const Route = createLazyRoute('/signed-in/reports')({ component: ReportsRoute });
