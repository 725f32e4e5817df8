import { createLazyRoute, useParams } from '@tanstack/react-router';
import { TicketPage } from '../../features/tickets/components/ticket-page';
import { hasAccess } from '../../lib/access';
import { useSignedInAuth } from '../use-signed-in-auth';

function TicketRoute() {
  const auth = useSignedInAuth();
  const { ticketId } = useParams({ from: '/signed-in/tickets/$ticketId' });
  // Admin and support load the admin ticket page (notes, updates, customer panel).
  const staff = hasAccess(auth, { roles: ['admin', 'support'] }) && !auth.impersonated_by;
  const admin = staff && auth.roles.includes('admin');
  const id = Number(ticketId);
  return <TicketPage key={id} ticketId={Number.isSafeInteger(id) && id > 0 ? id : 0} staff={staff} admin={admin} />;
}

export const Route = createLazyRoute('/signed-in/tickets/$ticketId')({ component: TicketRoute });
