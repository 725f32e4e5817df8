import { createLazyRoute } from '@tanstack/react-router';
import { AddStoragePage } from '../../features/storage/components/add-storage-page';

export const Route = createLazyRoute('/signed-in/add_storage')({ component: AddStoragePage });
