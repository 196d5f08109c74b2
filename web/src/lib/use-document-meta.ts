import { useEffect } from 'react';

/**
 * Keeps the tab title and the description meta in step with what the page shows. The server
 * writes both into the HTML already; this covers navigation inside the app.
 */
export function useDocumentMeta(meta: { title: string; description: string } | null): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined) return;
    document.title = title;
    if (description !== undefined) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
