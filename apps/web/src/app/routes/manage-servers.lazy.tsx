import { createLazyRoute } from '@tanstack/react-router';
import { ManageServersPage } from '../../features/servers/components/manage-servers-page';

export const Route = createLazyRoute('/signed-in/manage_servers')({ component: ManageServersPage });
