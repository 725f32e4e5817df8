import { createLazyRoute, useSearch } from '@tanstack/react-router';
import { TicketCreatePage } from '../../features/tickets/components/ticket-create-page';
import { hasAccess } from '../../lib/access';
import { useSignedInAuth } from '../use-signed-in-auth';

function TicketsCreateRoute() {
  const auth = useSignedInAuth();
  const { target_company } = useSearch({ from: '/signed-in/tickets/create' });
  const staff = hasAccess(auth, { roles: ['admin', 'support', 'sales'] }) && !auth.impersonated_by;
  return <TicketCreatePage targetCompany={staff ? target_company : undefined} staff={staff} />;
}

export const Route = createLazyRoute('/signed-in/tickets/create')({ component: TicketsCreateRoute });
