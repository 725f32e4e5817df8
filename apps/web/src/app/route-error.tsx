import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ErrorFallback } from './error-fallback';

/** The router's defaultErrorComponent: Try again reloads the route's data and re-renders it. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return <ErrorFallback error={error} onRetry={retry} />;
}
