import { PRODUCT_NAME } from '#domain/product.ts';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ConsoleNav } from './console-nav.tsx';
import { CONSOLE_PAGES } from './console-pages.ts';
import { ConsoleSearch } from './console-search.tsx';
import { lazyPage } from './lazy-page.ts';
import { PracticeSwitcher } from './practice-switcher.tsx';
import { LoadingNote } from './shared/console-notes.tsx';
import { SignOutButtons } from './sign-out-buttons.tsx';
import { useStaffSession } from './staff-session-context.ts';

// Only practices on a PMS have a mirror: its own chunk, so that the built-in schedule's first load
// stays as it was (ADR 0045).
const OpenDentalStatusPanel = lazyPage(
  () => import('./opendental/opendental-status-panel.tsx'),
  'OpenDentalStatusPanel',
);

/** The signed-in console: who and where in the header with the pages' links, the page below (the schedule unless another is asked for). */
export function ConsoleShell() {
  const session = useStaffSession();
  return (
    <div className="flex h-dvh flex-col bg-slate-100">
      <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-300 bg-white px-4 py-2">
        <p className="font-semibold">
          {PRODUCT_NAME} <span className="font-normal text-slate-600">staff console</span>
        </p>
        {session.practices.length > 1 ? <PracticeSwitcher /> : <p className="font-medium">{session.practice.name}</p>}
        <ConsoleNav />
        {session.permissions.includes('bookings') && <ConsoleSearch />}
        {session.permissions.includes('bookings') && !session.practice.builtin_schedule && (
          <Suspense fallback={null}>
            <OpenDentalStatusPanel key={session.practice.id} />
          </Suspense>
        )}
        <p className="ml-auto text-sm text-slate-700">{session.account.name ?? session.account.email}</p>
        <SignOutButtons />
      </header>
      {/* Pages scroll here, under the header: the schedule's grid scrolls on its own, its toolbar
          in view (ADR 0067). */}
      <div className="flex min-h-0 flex-1 flex-col overflow-auto">
        <Suspense fallback={<LoadingNote />}>
          <Routes>
            {CONSOLE_PAGES.filter((page) => session.permissions.includes(page.permission)).map(({ path, Page }) => (
              <Route key={path} path={path === '' ? '*' : path} element={<Page key={session.practice.id} />} />
            ))}
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}
