import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLocation, useNavigate } from '../../lib/page-router.tsx';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A link between the patient pages, on their own router (ADR 0085): a plain click navigates within the app (a
 * link to the page shown replaces its entry, as React Router's does); a modified or middle click, or another
 * target, is the browser's.
 */
export function PageLink({ to, onClick, target, ...rest }: AnchorProps & { to: string }) {
  const href = useHref(to);
  const location = useLocation();
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const isModified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || isModified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(href, { replace: href === `${location.pathname}${location.search}${location.hash}` });
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
