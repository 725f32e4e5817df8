import { createLazyRoute } from '@tanstack/react-router';
import { TvWall } from '../../features/reports/tv/tv-wall';

export const Route = createLazyRoute('/internal/reports_tv')({ component: TvWall });
