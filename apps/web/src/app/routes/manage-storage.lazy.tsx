import { createLazyRoute } from '@tanstack/react-router';
import { ManageStoragePage } from '../../features/storage/components/manage-storage-page';

export const Route = createLazyRoute('/signed-in/manage_storage')({ component: ManageStoragePage });
