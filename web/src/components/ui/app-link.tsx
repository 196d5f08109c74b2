import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A link within the staff console, as React Router's `Link` without its route-module prefetching (ADR 0077):
 * the router is one module, so every export any page uses ships in the chunk that holds it, and `Link`
 * brought the framework mode's prefetch code with it. The patient pages have `PageLink` (ADR 0085).
 */
export function AppLink({ to, onClick, target, ...rest }: AnchorProps & { to: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/** An `AppLink` marked `aria-current="page"` on its own page (`isEnd`: only there, not below it). */
export function AppNavLink({ to, isEnd = false, ...rest }: AnchorProps & { to: string; isEnd?: boolean }) {
  const current = useLocation().pathname;
  const own = useResolvedPath(to).pathname;
  const isCurrent = current === own || (!isEnd && current.startsWith(own.endsWith('/') ? own : `${own}/`));
  return <AppLink {...rest} to={to} aria-current={isCurrent ? 'page' : undefined} />;
}
