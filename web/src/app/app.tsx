import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { ToastRegion } from './toast-region.tsx';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastRegion />
    </QueryClientProvider>
  );
}
