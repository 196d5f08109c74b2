import { Component, type ErrorInfo, type ReactNode } from 'react';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please reload the page.';

interface Props {
  children: ReactNode;
}

/** Catches a render failure anywhere in the pages and shows the error page with a generic sentence. */
export class RouteErrorBoundary extends Component<Props, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <NotFoundPage message={UNEXPECTED_ERROR_MESSAGE} /> : this.props.children;
  }
}
