import { createLazyRoute } from '@tanstack/react-router';
import { ManageTenantHostsPage } from '../../features/servers/components/hosted/manage-tenant-hosts-page';

export const Route = createLazyRoute('/signed-in/manage_tenant_hosts')({ component: ManageTenantHostsPage });
