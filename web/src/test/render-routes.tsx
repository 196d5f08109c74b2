import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from '../lib/page-router.tsx';
import { AppRoutes } from '../app/router.tsx';
import { QueryProviders } from './query-providers.tsx';

/**
 * Renders `routes` (path pattern → page) at `path`, with a query client that does not retry, so a
 * failed read shows its error at once.
 */
export function renderRoutes(path: string, routes: Record<string, ReactElement>) {
  return render(
    <QueryProviders client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([pattern, page]) => (
            <Route key={pattern} path={pattern} element={page} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryProviders>,
  );
}

/** Renders the whole app's routes at `path`, as the browser's app does (its query client), with `children` beside. */
export function renderApp(path: string, children?: ReactNode) {
  return render(
    <QueryProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        {children}
      </MemoryRouter>
    </QueryProviders>,
  );
}
