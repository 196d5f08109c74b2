import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { useMessages } from '../lib/i18n/use-messages.ts';
import * as messages from './app.messages.ts';

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
    if (!this.state.hasError) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    );
  }
}

/** 'Something went wrong. Please reload the page.' in the patient's language, on the error page. */
function RouteErrorPage() {
  const t = useMessages(messages);
  return <NotFoundPage message={t('unexpectedError')} />;
}
