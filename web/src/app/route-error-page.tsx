import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please reload the page.';

/** The router's error boundary: an unknown route reads 'Page Not Found', anything else a generic sentence. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <NotFoundPage message={UNEXPECTED_ERROR_MESSAGE} />;
}
