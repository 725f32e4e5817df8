import { createRoute } from '@tanstack/react-router';
import { PassphrasePage } from '../../features/security/components/passphrase-page';
import { signedInRoute } from './signed-in';

export const passphraseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/passphrase',
  component: PassphrasePage,
});
