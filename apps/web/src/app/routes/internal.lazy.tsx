import { createLazyRoute } from '@tanstack/react-router';
import { InternalLayout } from '../internal-layout';

export const Route = createLazyRoute('/internal')({ component: InternalLayout });
