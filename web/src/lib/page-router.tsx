import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { decodePathSegment } from '#domain/format/path-segment.ts';
import {
  createBrowserHistory,
  createMemoryHistory,
  createStaticHistory,
  type HistorySnapshot,
  type Location,
  type NavigationType,
  type PageHistory,
} from './page-history.ts';

export type { Location, NavigationType };

/**
 * The patient pages' router (ADR 0085): the few patient routes matched in order over the browser's history, with
 * the part of React Router's API those pages use, under the same names. React Router was 9 KB gzip of the booking
 * page's first script; it stays the staff console's, in the console's own chunk. Updates are transitions, as
 * React Router's are, so a lazy page arriving keeps the page shown until then.
 */
interface RouterValue extends HistorySnapshot {
  history: PageHistory;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function Router({ history, children }: { history: PageHistory; children?: ReactNode }) {
  const [snapshot, setSnapshot] = useState(history.snapshot);
  useLayoutEffect(() => history.listen(() => startTransition(() => setSnapshot(history.snapshot()))), [history]);
  const value = useMemo(() => ({ ...snapshot, history }), [snapshot, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const history = useMemo(() => createStaticHistory(location), [location]);
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A page hook is used outside the page router.');
  return router;
}

export const useLocation = (): Location => useRouter().location;
/** Whether the pages run on the browser's history (else on one in memory: a test, or the server's render). */
export const useIsBrowserHistory = (): boolean => useRouter().history.isBrowserHistory;
export const useNavigationType = (): NavigationType => useRouter().action;
export const useParams = (): Readonly<Partial<Record<string, string>>> => useContext(ParamsContext);

type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** `to` as an address: absolute, a query or hash of the current page, or a path relative to it. */
function hrefOf(to: To, current: Location): string {
  if (typeof to !== 'string') return `${to.pathname ?? current.pathname}${to.search ?? ''}${to.hash ?? ''}`;
  const url = new URL(to, `http://localhost${current.pathname}${current.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

export const useHref = (to: To): string => hrefOf(to, useLocation());

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const { history, location } = useRouter();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') return history.go(to);
      const href = hrefOf(to, location);
      const state = options?.state ?? null;
      if (options?.replace) history.replace(href, state);
      else history.push(href, state);
    },
    [history, location],
  );
}

type SearchInit = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      navigate(`?${value.toString()}`, options);
    },
    [navigate, search],
  );
  return [params, setParams];
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element: ReactNode;
}

/** A route of `Routes`: it only carries its props. */
export function Route(_props: RouteProps): null {
  return null;
}

/**
 * A pattern's parameters for `pathname`, or null. Segments are literal (case-insensitive, as React Router's),
 * `:name` (one segment, decoded) or a last `*` (the rest, possibly nothing).
 */
export function matchRoute(route: Omit<RouteProps, 'element'>, pathname: string): Record<string, string> | null {
  const segments = pathname.split('/').filter(Boolean);
  if (route.index) return segments.length === 0 ? {} : null;
  const pattern = (route.path ?? '').split('/').filter(Boolean);
  const hasSplat = pattern.at(-1) === '*';
  const fixed = hasSplat ? pattern.slice(0, -1) : pattern;
  if (hasSplat ? segments.length < fixed.length : segments.length !== fixed.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of fixed.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodePathSegment(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  if (hasSplat) params['*'] = segments.slice(fixed.length).join('/');
  return params;
}

/** The element of the first route that matches the address, in the order written. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) continue;
    const params = matchRoute(child.props, pathname);
    if (params) return <ParamsContext.Provider value={params}>{child.props.element}</ParamsContext.Provider>;
  }
  return null;
}
