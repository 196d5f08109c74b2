import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createLoadedPageQueries } from '../app/query-client.ts';
import { PageQueriesContext } from '../lib/page-queries/use-page-query.ts';

/** The page's queries over `client`, the library already loaded, and its provider for components that use it. */
export function QueryProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [pages] = useState(() => createLoadedPageQueries(client));
  return (
    <PageQueriesContext value={pages}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </PageQueriesContext>
  );
}
