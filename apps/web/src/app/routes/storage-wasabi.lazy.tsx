import { createLazyRoute } from '@tanstack/react-router';
import { StoragePage } from '../../features/storage/components/storage-page';

export const Route = createLazyRoute('/signed-in/storage/wasabi')({ component: StoragePage });
