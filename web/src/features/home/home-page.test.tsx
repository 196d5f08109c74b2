import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from './home-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

const answer = (result: unknown) =>
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ success: true, result }), { headers: { 'content-type': 'application/json' } }),
  );
const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HomePage />
    </QueryClientProvider>,
  );

describe('HomePage (/)', () => {
  it('lists the practices of a development server, with the console', async () => {
    answer({ dev_tools: true, practices: [{ form_url: 'bright-smile', name: 'Bright Smile Dental' }] });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Bright Smile Dental' })).toHaveAttribute('href', '/bright-smile');
    expect(screen.getByRole('link', { name: 'Staff console' })).toHaveAttribute('href', '/console');
    expect(screen.getByRole('navigation', { name: 'Practices on this development server' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chairtime');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/about');
  });

  it('says what a production server is, and lists nothing', async () => {
    answer({ dev_tools: false, practices: [] });
    renderPage();
    expect(
      await screen.findByText('To book a visit, open the booking link your dental practice gave you.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByRole('navigation', { name: 'Practices on this development server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff console' })).not.toBeInTheDocument();
  });
});
