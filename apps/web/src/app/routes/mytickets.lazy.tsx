import { createLazyRoute } from '@tanstack/react-router';
import { MyTicketsPage } from '../../features/tickets/components/my-tickets-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function MyTicketsRoute() {
  return <MyTicketsPage auth={useSignedInAuth()} />;
}

export const Route = createLazyRoute('/signed-in/mytickets')({ component: MyTicketsRoute });
