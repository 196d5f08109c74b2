import { use, type ReactNode } from 'react';
import { usePageQueries } from './use-page-query.ts';

/**
 * Puts a lazily loaded part (a later step, a page of its own) under the query library's provider with the
 * page's one client (ADR 0085), waiting for the library if it is not here yet. The first page has no such
 * provider: one that appeared later would remount everything under it.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const pages = usePageQueries();
  const layer = pages.layer ?? use(pages.load());
  return <layer.Provider client={layer.client}>{children}</layer.Provider>;
}
