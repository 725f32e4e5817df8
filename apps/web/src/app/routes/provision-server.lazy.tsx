import { createLazyRoute, useSearch } from '@tanstack/react-router';
import { ProvisionServerPage } from '../../features/servers/components/hosted/provision-server-page';

function ProvisionServer() {
  const { task } = useSearch({ from: '/signed-in/provision_server' });
  return <ProvisionServerPage task={task} />;
}

export const Route = createLazyRoute('/signed-in/provision_server')({ component: ProvisionServer });
