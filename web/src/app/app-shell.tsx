import { StrictMode, type ReactNode } from 'react';
import type { PageQueries } from '../lib/page-queries/page-queries.ts';
import { PageQueriesContext } from '../lib/page-queries/use-page-query.ts';
import { ToastRegion } from './toast-region.tsx';

/**
 * What surrounds the routes in the browser and on the server alike (ADR 0072): the same tree on
 * both sides, so the browser hydrates the server's HTML without a mismatch. `router` is a
 * BrowserRouter in the browser and a StaticRouter on the server. No query library here: the first
 * page reads `pages` without it, and lazily loaded parts put its provider around themselves (ADR 0085).
 */
export function AppShell({ pages, router }: { pages: PageQueries; router: ReactNode }) {
  return (
    <StrictMode>
      <PageQueriesContext value={pages}>
        {router}
        <ToastRegion />
      </PageQueriesContext>
    </StrictMode>
  );
}
