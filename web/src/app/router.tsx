import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from '../lib/page-router.tsx';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { BookingPage } from '../features/booking/booking-page.tsx';
import { PageLoading } from './page-loading.tsx';
import { RouteErrorBoundary } from './route-error-page.tsx';
import { withMessages } from '../lib/i18n/catalogue-registry.ts';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { QueryScope } from '../lib/page-queries/query-scope.tsx';

// Preloadable: the server build renders these at once (ADR 0072), having loaded them in `preloadServerRenderedPages`.
const FeedbackPage = preloadableLazy<object>(() =>
  import('../features/reviews/feedback-page.tsx').then((m) => ({ default: m.FeedbackPage })),
);
const ReviewPage = preloadableLazy<object>(() =>
  import('../features/reviews/review-page.tsx').then((m) => ({ default: m.ReviewPage })),
);
const PaymentSuccessPage = preloadableLazy<object>(() =>
  import('../features/booking/payment/payment-success-page.tsx').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PracticeNotFoundPage = lazy(
  withMessages(() =>
    import('../features/branding/practice-not-found-page.tsx').then((m) => ({ default: m.PracticeNotFoundPage })),
  ),
);
const ManagePage = preloadableLazy<object>(() =>
  import('../features/booking/manage/manage-page.tsx').then((m) => ({ default: m.ManagePage })),
);
const UnsubscribePage = lazy(
  withMessages(() =>
    import('../features/reminders/unsubscribe-page.tsx').then((m) => ({ default: m.UnsubscribePage })),
  ),
);
// The staff console (ADR 0038): English only and without catalogues, so no withMessages.
// It brings React Router with it, on which it runs (ADR 0085).
const ConsoleRoot = lazy(() =>
  import('../features/console/console-root.tsx').then((m) => ({ default: m.ConsoleRoot })),
);
const HomePage = lazy(
  withMessages(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage }))),
);
const PaymentFailedPage = preloadableLazy<object>(() =>
  import('../features/booking/payment/payment-failed-page.tsx').then((m) => ({ default: m.PaymentFailedPage })),
);

/** A lazily loaded page under the query library's provider (ADR 0085); page 1 and the console have none. */
const scoped = (page: ReactNode) => <QueryScope>{page}</QueryScope>;

/** The lazy pages the server renders (ADR 0072), loaded once before its first render. */
export async function preloadServerRenderedPages(): Promise<void> {
  const pages = [ReviewPage, FeedbackPage, ManagePage, PaymentSuccessPage, PaymentFailedPage];
  await Promise.all(pages.map((page) => page.preload()));
}

/**
 * Spec section 2. The patient pages' own router (ADR 0085, in place of React Router's declarative mode, ADR
 * 0016): routes are matched in the order written, so review, unsubscribe and console routes come first and
 * `/review/…` or `/console` is never read as a practice slug. The booking flow's first step is in the entry
 * chunk; every other page loads on demand, under the query library's provider (ADR 0085; the console has its own).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={scoped(<HomePage />)} />
          <Route path="review/feedback" element={scoped(<FeedbackPage />)} />
          <Route path="review/:id" element={scoped(<ReviewPage />)} />
          <Route path="unsubscribe/:token" element={scoped(<UnsubscribePage />)} />
          <Route path="console/*" element={<ConsoleRoot />} />
          <Route path=":formUrl" element={<BookingPage />} />
          <Route path=":formUrl/payment-success" element={scoped(<PaymentSuccessPage />)} />
          <Route path=":formUrl/payment-failed" element={scoped(<PaymentFailedPage />)} />
          <Route path=":formUrl/appointment/:token" element={scoped(<ManagePage />)} />
          <Route path=":formUrl/:unknownPage" element={scoped(<PracticeNotFoundPage />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
