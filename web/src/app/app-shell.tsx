import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ToastRegion } from './toast-region.tsx';

/**
 * What surrounds the routes in the browser and on the server alike (ADR 0072): the same tree on
 * both sides, so the browser hydrates the server's HTML without a mismatch. `router` is a
 * BrowserRouter in the browser and a StaticRouter on the server.
 */
export function AppShell({ queryClient, router }: { queryClient: QueryClient; router: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {router}
        <ToastRegion />
      </QueryClientProvider>
    </StrictMode>
  );
}
