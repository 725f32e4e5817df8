import { createLazyRoute } from '@tanstack/react-router';
import { PassphrasePage } from '../../features/security/components/passphrase-page';

export const Route = createLazyRoute('/signed-in/passphrase')({ component: PassphrasePage });
