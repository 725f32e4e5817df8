import { createLazyRoute } from '@tanstack/react-router';
import { VersionReportPage } from '../../features/reports/server-versions/version-report-page';
import { PublicLayout } from '../public-layout';

function VersionReportRoute() {
  return (
    <PublicLayout>
      <VersionReportPage />
    </PublicLayout>
  );
}

export const Route = createLazyRoute('/reports/report_customers_by_server_version')({ component: VersionReportRoute });
