import type { QueryClient, QueryClientProvider, QueryObserver, QueryState } from '@tanstack/react-query';

/** What the query library brings once it has loaded (ADR 0085): the page's client and the two pieces page 1 needs. */
export interface QueryLayer {
  client: QueryClient;
  Observer: typeof QueryObserver;
  Provider: typeof QueryClientProvider;
}

export type PageQueryKey = readonly unknown[];

/** A query of the first page: the options TanStack Query takes, written without its `queryOptions` helper. */
export interface PageQueryOptions<T, K extends PageQueryKey = PageQueryKey> {
  queryKey: K;
  queryFn: () => Promise<T>;
  placeholderData?: (previous: T | undefined, previousQuery: { queryKey: PageQueryKey } | undefined) => T | undefined;
  gcTime?: number;
  staleTime?: number;
  refetchOnMount?: boolean | 'always';
}

/** `placeholderData` as TanStack Query calls it: the data last shown, and the key it was shown for. */
export type PagePlaceholder<T> = NonNullable<PageQueryOptions<T>['placeholderData']>;

export type PageQueryState<T> = Pick<QueryState<T, Error>, 'data' | 'error' | 'status'>;

interface Interest {
  options: PageQueryOptions<unknown>;
  stop: (() => void) | null;
}

/** TanStack Query's own hash of a key of strings and numbers (its `hashKey`), so both name a query alike. */
export const hashPageKey = (key: PageQueryKey): string => JSON.stringify(key);

/**
 * The first page's queries (ADR 0085). Until the query library arrives, after hydration, they read the
 * data the server rendered the page with; once it is here its cache is their one source: the seed moves
 * into it, each query a mounted component asks for gets an observer (which refetches on mount, spec
 * section 7), and every change of the cache is announced to the components reading it.
 */
export interface PageQueries {
  /** The library, once loaded. */
  readonly layer: QueryLayer | null;
  seed(key: PageQueryKey, data: unknown): void;
  /** Loads the query library once (again after a failed download) and hands it the seed. */
  load(): Promise<QueryLayer>;
  subscribe(listener: () => void): () => void;
  /** The query's state: the seed's until the library is here, then its cache's (a stable object per change). */
  stateOf<T>(hash: string): PageQueryState<T> | undefined;
  /**
   * A mounted component wants the query kept fresh: an observer of it, now or when the library arrives.
   * The first such wish loads the library: it comes from an effect, so after the page has hydrated.
   */
  observe(options: PageQueryOptions<unknown>): () => void;
  /** The query's data, fetched unless the cache holds it (a click on page 1 may come before the library). */
  ensure<T>(options: PageQueryOptions<T>): Promise<T>;
}

/**
 * A closure rather than a class, so the minifier shortens its private names (ADR 0085: this is in the first
 * step's script). `layer` is given when the library is already here (the server's render, tests).
 */
export function createPageQueries(loadLayer: () => Promise<QueryLayer>, layer?: QueryLayer): PageQueries {
  const seeded = new Map<string, { key: PageQueryKey; state: PageQueryState<unknown> }>();
  const listeners = new Set<() => void>();
  const interests = new Set<Interest>();
  let attached: QueryLayer | null = null;
  let loading: Promise<QueryLayer> | null = null;
  const announce = () => listeners.forEach((listener) => listener());

  const start = (interest: Interest, { client, Observer }: QueryLayer) => {
    // It only fetches: the component reading the cache works out its placeholder itself.
    interest.stop = new Observer(client, { ...interest.options, placeholderData: undefined }).subscribe(() => 0);
  };

  const attach = (library: QueryLayer) => {
    for (const { key, state } of seeded.values()) library.client.setQueryData(key, state.data);
    seeded.clear();
    attached = library;
    // In the same task as the seed, so no seeded query is collected before its observer holds it.
    interests.forEach((interest) => start(interest, library));
    library.client.getQueryCache().subscribe(announce);
    announce();
    return library;
  };

  const pages: PageQueries = {
    get layer() {
      return attached;
    },
    seed(key, data) {
      if (attached) attached.client.setQueryData(key, data);
      else seeded.set(hashPageKey(key), { key, state: { data, error: null, status: 'success' } });
    },
    load() {
      loading ??= loadLayer().then(attach, (error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stateOf<T>(hash: string) {
      const state = attached ? attached.client.getQueryCache().get(hash)?.state : seeded.get(hash)?.state;
      return state as PageQueryState<T> | undefined;
    },
    observe(options) {
      const interest: Interest = { options, stop: null };
      interests.add(interest);
      if (attached) start(interest, attached);
      else pages.load().catch(() => undefined);
      return () => {
        interests.delete(interest);
        interest.stop?.();
      };
    },
    async ensure(options) {
      return (await pages.load()).client.ensureQueryData(options);
    },
  };
  if (layer) loading = Promise.resolve(attach(layer));
  return pages;
}
