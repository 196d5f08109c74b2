import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Route, Routes } from 'react-router';
import { PRODUCT_NAME } from '#domain/product.ts';
import { usePrivatePage } from '../../lib/use-private-page.ts';
import { ConsoleGate } from './console-gate.tsx';
import { createConsoleQueryClient } from './console-query-client.ts';
import { lazyPage } from './lazy-page.ts';
import { LoadingNote } from './shared/console-notes.tsx';
import './console.css';

const ForgotPasswordPage = lazyPage(() => import('./sign-in/forgot-password-page.tsx'), 'ForgotPasswordPage');
const SetPasswordPage = lazyPage(() => import('./sign-in/set-password-page.tsx'), 'SetPasswordPage');

export const SESSION_ENDED = 'Your session has ended. Sign in again.';

/**
 * `/console/*`, the staff console: English only, never indexed (the server also sends
 * `X-Robots-Tag` and `no-store` for these paths), lazily loaded so the booking page carries none
 * of it. Its own query cache, dropped whole when the session ends.
 */
export function ConsoleApp() {
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  const [client] = useState(() => createConsoleQueryClient(() => setEndedNotice(SESSION_ENDED)));
  usePrivatePage();
  useEffect(() => {
    const before = document.title;
    document.title = `Staff console · ${PRODUCT_NAME}`;
    return () => void (document.title = before);
  }, []);

  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<LoadingNote>Loading the console…</LoadingNote>}>
        <Routes>
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="set-password/:token" element={<SetPasswordPage />} />
          <Route path="*" element={<ConsoleGate endedNotice={endedNotice} onSignedIn={() => setEndedNotice(null)} />} />
        </Routes>
      </Suspense>
    </QueryClientProvider>
  );
}
