import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-routes.tsx';
import { serveStaffApi, SIGNED_OUT } from './console-test-kit.tsx';

describe('/console in the app’s routes', () => {
  it.each(['/console', '/console/forgot-password'])(
    'opens the staff console at %s, never a practice called "console"',
    async (path) => {
      const calls = serveStaffApi({ 'GET /api/v1/staff/session': () => SIGNED_OUT });
      renderApp(path);
      expect(await screen.findByText('Chairtime staff console')).toBeInTheDocument();
      expect(calls.map((call) => call.path).filter((p) => p.startsWith('/api/v1/form'))).toEqual([]);
    },
  );
});
