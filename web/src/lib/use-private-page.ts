import { useEffect } from 'react';

/**
 * A page whose address is a key to a patient's booking: no search engine keeps it, and no page it
 * links to learns the address from the Referer. The server sends the same as headers on a direct
 * load; these tags cover arriving here inside the app.
 */
export function usePrivatePage(): void {
  useEffect(() => {
    const added = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name!;
      meta.content = content!;
      document.head.append(meta);
      return meta;
    });
    return () => added.forEach((meta) => meta.remove());
  }, []);
}
