import { createLazyRoute } from '@tanstack/react-router';
import { ManageCometHostedPage } from '../../features/servers/components/hosted/manage-comet-hosted-page';

export const Route = createLazyRoute('/signed-in/manage_comet_hosted')({ component: ManageCometHostedPage });
