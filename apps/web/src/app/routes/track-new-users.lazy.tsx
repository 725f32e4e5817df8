import { createLazyRoute } from '@tanstack/react-router';
import { TrackNewUsersPage } from '../../features/billing/components/track-new-users-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function TrackNewUsersRoute() {
  const auth = useSignedInAuth();
  return <TrackNewUsersPage state={auth.state} windowDays={auth.customer_trial_length_days} />;
}

export const Route = createLazyRoute('/signed-in/track_new_users')({ component: TrackNewUsersRoute });
