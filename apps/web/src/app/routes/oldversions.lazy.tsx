import { createLazyRoute } from '@tanstack/react-router';
import { OldVersionsPage } from '../../features/downloads/components/old-versions-page';

export const Route = createLazyRoute('/signed-in/oldversions')({ component: OldVersionsPage });
