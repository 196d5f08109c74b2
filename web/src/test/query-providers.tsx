import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createLoadedPageQueries, createQueryClient } from '../app/query-client.ts';
import { PageQueriesContext } from '../lib/page-queries/use-page-query.ts';

/**
 * The page's queries over `client` (the browser's app's, unless a test gives its own), the library already loaded,
 * and its provider for components that use it.
 */
export function QueryProviders(props: { client?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => props.client ?? createQueryClient());
  const [pages] = useState(() => createLoadedPageQueries(client));
  return (
    <PageQueriesContext value={pages}>
      <QueryClientProvider client={client}>{props.children}</QueryClientProvider>
    </PageQueriesContext>
  );
}
