import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';
import { createPageQueries, type PageQueries, type QueryLayer } from '../lib/page-queries/page-queries.ts';

/** Spec section 9: unused request data is kept 60 s. */
export const QUERY_GC_TIME_MS = 60_000;

const MAX_RETRIES = 2;

/** A 4xx answer will not change on a retry; network failures and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Spec section 7: keep unused data 60 s, no refetch on window focus or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}

/** The query library as the first page's queries take it once it has loaded (ADR 0085). */
export function createQueryLayer(client: QueryClient = createQueryClient()): QueryLayer {
  return { client, Observer: QueryObserver, Provider: QueryClientProvider };
}

/** The server's render and tests: the page's queries with the library already here, over `client`. */
export function createLoadedPageQueries(client: QueryClient = createQueryClient()): PageQueries {
  const layer = createQueryLayer(client);
  return createPageQueries(() => Promise.resolve(layer), layer);
}
