import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * The outermost boundary, for errors outside the router (providers, layout). Route errors are
 * caught closer, by the router's defaultErrorComponent, which keeps the layout on screen.
 */
export class AppErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override render() {
    if (this.state.failed) {
      // A full reload: whatever broke outside the router may have left shared state inconsistent.
      return <ErrorFallback error={this.state.error} onRetry={() => window.location.reload()} />;
    }
    return this.props.children;
  }
}
