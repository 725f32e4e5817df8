import { createLazyRoute } from '@tanstack/react-router';
import { ManageDownloadsPage } from '../../features/downloads/components/manage-downloads-page';

export const Route = createLazyRoute('/signed-in/manage_downloads')({ component: ManageDownloadsPage });
