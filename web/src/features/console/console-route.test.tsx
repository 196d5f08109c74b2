import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { AppRoutes } from '../../app/router.tsx';
import { serveStaffApi, SIGNED_OUT } from './console-test-kit.tsx';

describe('/console in the app’s routes', () => {
  it.each(['/console', '/console/forgot-password'])(
    'opens the staff console at %s, never a practice called "console"',
    async (path) => {
      const calls = serveStaffApi({ 'GET /api/v1/staff/session': () => SIGNED_OUT });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      expect(await screen.findByText('Chairtime staff console')).toBeInTheDocument();
      expect(calls.map((call) => call.path).filter((p) => p.startsWith('/api/v1/form'))).toEqual([]);
    },
  );
});
