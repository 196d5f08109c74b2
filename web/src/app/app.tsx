import { BrowserRouter } from '../lib/page-router.tsx';
import type { PageQueries } from '../lib/page-queries/page-queries.ts';
import { AppShell } from './app-shell.tsx';
import { AppRoutes } from './router.tsx';

export function App({ pages }: { pages: PageQueries }) {
  return (
    <AppShell
      pages={pages}
      router={
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      }
    />
  );
}
