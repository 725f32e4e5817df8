import { createLazyRoute } from '@tanstack/react-router';
import { MyServersPage } from '../../features/servers/components/my-servers-page';

export const Route = createLazyRoute('/signed-in/my_servers')({ component: MyServersPage });
