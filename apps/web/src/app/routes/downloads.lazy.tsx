import { createLazyRoute } from '@tanstack/react-router';
import { DownloadsPage } from '../../features/downloads/components/downloads-page';

export const Route = createLazyRoute('/signed-in/downloads')({ component: DownloadsPage });
