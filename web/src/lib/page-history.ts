/**
 * The history under the patient pages' router (ADR 0085): the browser's, one in memory (tests) or one fixed
 * address (the server's render). Entries are written as React Router writes them (`{ usr, key, idx }`), so the
 * console's own router, the start script (which reads `usr.bookingTrail`) and entries made before an upgrade read
 * them alike.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface HistorySnapshot {
  location: Location;
  action: NavigationType;
}

export interface PageHistory {
  /** Whose entries these are: the browser's, or this history's own (in memory, or the server's one address). */
  isBrowserHistory: boolean;
  snapshot(): HistorySnapshot;
  push(href: string, state: unknown): void;
  replace(href: string, state: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

interface StoredEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const newKey = () => Math.random().toString(36).substring(2, 10);

function locationOf(href: string, state: unknown, key: string): Location {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

function listeners() {
  const all = new Set<() => void>();
  return {
    listen(listener: () => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    notify: () => all.forEach((listener) => listener()),
  };
}

export function createBrowserHistory(): PageHistory {
  const { history } = window;
  const stored = () => (history.state ?? {}) as StoredEntry;
  let index = stored().idx;
  if (index === undefined) {
    index = 0;
    history.replaceState({ ...stored(), idx: index }, '');
  }
  const read = (action: NavigationType): HistorySnapshot => {
    const { pathname, search, hash } = window.location;
    return {
      location: { pathname, search, hash, state: stored().usr ?? null, key: stored().key ?? 'default' },
      action,
    };
  };
  let current = read('POP');
  const { listen, notify } = listeners();
  const write = (action: 'PUSH' | 'REPLACE', href: string, state: unknown) => {
    if (action === 'PUSH') index = (index ?? 0) + 1;
    const entry = { usr: state, key: newKey(), idx: index };
    if (action === 'PUSH') history.pushState(entry, '', href);
    else history.replaceState(entry, '', href);
    current = read(action);
    notify();
  };
  window.addEventListener('popstate', () => {
    index = stored().idx ?? index;
    current = read('POP');
    notify();
  });
  return {
    isBrowserHistory: true,
    snapshot: () => current,
    push: (href, state) => write('PUSH', href, state),
    replace: (href, state) => write('REPLACE', href, state),
    go: (delta) => history.go(delta),
    listen,
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/']): PageHistory {
  const entries = initialEntries.map((href, i) => locationOf(href, null, i === 0 ? 'default' : newKey()));
  let index = entries.length - 1;
  let current: HistorySnapshot = { location: entries[index]!, action: 'POP' };
  const { listen, notify } = listeners();
  const move = (action: NavigationType) => {
    current = { location: entries[index]!, action };
    notify();
  };
  return {
    isBrowserHistory: false,
    snapshot: () => current,
    push(href, state) {
      entries.splice(index + 1, Infinity, locationOf(href, state, newKey()));
      index += 1;
      move('PUSH');
    },
    replace(href, state) {
      entries[index] = locationOf(href, state, newKey());
      move('REPLACE');
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      move('POP');
    },
    listen,
  };
}

/** One address that never changes: the server's render of a page. */
export function createStaticHistory(href: string): PageHistory {
  const current: HistorySnapshot = { location: locationOf(href, null, 'default'), action: 'POP' };
  const refuse = () => {
    throw new Error('A page rendered on the server cannot navigate.');
  };
  return {
    isBrowserHistory: false,
    snapshot: () => current,
    push: refuse,
    replace: refuse,
    go: refuse,
    listen: () => () => undefined,
  };
}
