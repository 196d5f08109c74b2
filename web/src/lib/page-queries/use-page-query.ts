import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { hashPageKey, type PageQueries, type PageQueryKey, type PageQueryOptions } from './page-queries.ts';

export const PageQueriesContext = createContext<PageQueries | null>(null);

export function usePageQueries(): PageQueries {
  const pages = useContext(PageQueriesContext);
  if (!pages) throw new Error('No PageQueriesContext.');
  return pages;
}

/** The part of `useQuery`'s result the first page reads, narrowed as TanStack Query narrows it. */
type PageQueryResult<T> =
  | { data: undefined; error: null; isPending: true; isError: false; isPlaceholderData: false }
  | { data: T | undefined; error: Error; isPending: false; isError: true; isPlaceholderData: false }
  | { data: T; error: null; isPending: false; isError: false; isPlaceholderData: boolean };

/**
 * `useQuery` for the first page, without the query library in its script (ADR 0085): renders and hydrates
 * from the server's data, and follows the library's cache once it has loaded. `placeholderData` is given
 * the data this component last showed and its key, as TanStack Query gives an observer's.
 */
export function usePageQuery<T>(options: PageQueryOptions<T>, enabled = true): PageQueryResult<T> {
  const pages = usePageQueries();
  const hash = hashPageKey(options.queryKey);
  const read = () => pages.stateOf<T>(hash);
  const state = useSyncExternalStore(pages.subscribe, read, read);
  const data = state?.data;
  const [shown, setShown] = useState<{ key: PageQueryKey; data: T } | null>(() =>
    data === undefined ? null : { key: options.queryKey, data },
  );
  if (data !== undefined && shown?.data !== data) setShown({ key: options.queryKey, data });

  useEffect(
    () => (enabled ? pages.observe(options as PageQueryOptions<unknown>) : undefined),
    // The key names the query: what it fetches depends on nothing else, so new options of the same key are the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, hash, enabled],
  );

  if (state?.status === 'error' && state.error) return result(data, state.error, false);
  if (data !== undefined) return result(data, null, false);
  const placeholder = shown ? options.placeholderData?.(shown.data, { queryKey: shown.key }) : undefined;
  return placeholder === undefined ? result<T>(undefined, null, true) : result(placeholder, null, false, true);
}

function result<T>(data: T | undefined, error: Error | null, isPending: boolean, isPlaceholderData = false) {
  return { data, error, isPending, isError: error !== null, isPlaceholderData } as PageQueryResult<T>;
}
