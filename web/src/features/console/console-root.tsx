import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { useIsBrowserHistory, useLocation } from '../../lib/page-router.tsx';
import { ConsoleApp } from './console-app.tsx';

/**
 * The console on React Router, in its own chunk (ADR 0085): the patient pages have a small router of their own,
 * and this one takes over `/console/*` from the history they share (in a test, from the address the pages' own
 * memory history holds).
 */
export function ConsoleRoot() {
  const { pathname, search, hash } = useLocation();
  const routes = (
    <Routes>
      <Route path="console/*" element={<ConsoleApp />} />
    </Routes>
  );
  if (useIsBrowserHistory()) return <BrowserRouter>{routes}</BrowserRouter>;
  return <MemoryRouter initialEntries={[`${pathname}${search}${hash}`]}>{routes}</MemoryRouter>;
}
