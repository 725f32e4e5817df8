import { createLazyRoute } from '@tanstack/react-router';
import { CreateServerPage } from '../../features/servers/components/create-server/create-server-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function CreateServerRoute() {
  return <CreateServerPage auth={useSignedInAuth()} />;
}

export const Route = createLazyRoute('/signed-in/create_server')({ component: CreateServerRoute });
