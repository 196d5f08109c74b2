import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { BookingPage } from '../features/booking/booking-page.tsx';
import { PageLoading } from './page-loading.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * Spec section 2. The booking flow is in the entry chunk; the payment-return and review pages
 * are loaded on demand, so `/{id}` ships only what it needs. Review routes come before the
 * practice routes so `/review/…` is never read as a practice slug.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    children: [
      {
        path: 'review/feedback',
        lazy: async () => ({ Component: (await import('../features/reviews/feedback-page.tsx')).FeedbackPage }),
      },
      {
        path: 'review/:id',
        lazy: async () => ({ Component: (await import('../features/reviews/review-page.tsx')).ReviewPage }),
      },
      { path: ':formUrl', Component: BookingPage },
      {
        path: ':formUrl/payment-success',
        lazy: async () => ({ Component: (await import('../features/payments/payment-success-page.tsx')).PaymentSuccessPage }),
      },
      {
        path: ':formUrl/payment-failed',
        lazy: async () => ({ Component: (await import('../features/payments/payment-failed-page.tsx')).PaymentFailedPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
