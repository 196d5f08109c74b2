import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from '../lib/page-router.tsx';
import { AppShell } from './app-shell.tsx';
import { AppRoutes } from './router.tsx';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppShell
      queryClient={queryClient}
      router={
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      }
    />
  );
}
