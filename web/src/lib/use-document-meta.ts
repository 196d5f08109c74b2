import { useEffect } from 'react';
import { useMessages } from './i18n/use-messages.ts';
import * as messages from '#domain/product.messages.ts';

/**
 * Keeps the tab title and the description meta in step with what the page shows, in the
 * patient's language. The server writes both into the HTML already; this covers navigation
 * inside the app. A practice without a description of its own gets the product's.
 */
export function useDocumentMeta(meta: { title: string; description: string | null | undefined } | null): void {
  const t = useMessages(messages);
  const title = meta?.title;
  const description = meta ? meta.description?.trim() || t('defaultDescription') : undefined;
  useEffect(() => {
    if (title === undefined) return;
    document.title = title;
    if (description !== undefined)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
