import type { PagePlaceholder, PageQueryKey } from '../../../lib/page-queries/page-queries.ts';

/**
 * `placeholderData` for a query whose key ends with the language (ADR 0034): while a language
 * switch refetches it, the data of the same query in the previous language stays on screen, so
 * nothing flashes or unmounts. Any other change of key (another month, another clinic) shows its
 * loading state as before, never the previous query's data. Only types: page 1 reads it without the query
 * library (ADR 0085).
 */
export function keepAcrossLanguages<T>(key: PageQueryKey): PagePlaceholder<T> {
  return (previousData, previousQuery) => {
    const previousKey = previousQuery?.queryKey;
    if (!previousKey || previousKey.length !== key.length) return undefined;
    const isSameButLanguage = key.slice(0, -1).every((part, index) => part === previousKey[index]);
    return isSameButLanguage ? previousData : undefined;
  };
}
