import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-routes.tsx';
import { buildFormDetails } from '../../test/practice-factories.ts';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  document.head.querySelectorAll('meta[name=robots], meta[name=referrer]').forEach((meta) => meta.remove());
});

const TOKEN = 'U'.repeat(32);
const PRACTICE = buildFormDetails();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const view = (isUnsubscribed: boolean) => ({
  practice: { name: PRACTICE.name, form_url: PRACTICE.form_url },
  email: 'a•••@example.com',
  is_unsubscribed: isUnsubscribed,
});

function renderPage() {
  renderRoutes(`/unsubscribe/${TOKEN}`, { 'unsubscribe/:token': <UnsubscribePage /> });
}

describe('UnsubscribePage', () => {
  it('changes nothing when opened, and stops the reminder e-mails with its button, unindexed', async () => {
    const user = userEvent.setup();
    const posts: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') {
        posts.push(path);
        return json(200, { success: true, result: view(true) });
      }
      if (path === `/api/v1/unsubscribe/${TOKEN}`) return json(200, { success: true, result: view(false) });
      if (path === `/api/v1/form/${PRACTICE.form_url}`) return json(200, { success: true, result: PRACTICE });
      return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' });
    });
    renderPage();
    const button = await screen.findByRole('button', { name: `Stop reminder e-mails from ${PRACTICE.name}` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stop reminder e-mails?');
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(posts).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reminder e-mails stopped'));
    expect(screen.getByRole('status').textContent).toBe(
      `You will no longer get reminder e-mails from ${PRACTICE.name} at a•••@example.com.`,
    );
    expect(posts).toEqual([`/api/v1/unsubscribe/${TOKEN}`]);
  });

  it('says a dead link does not work, without the page', async () => {
    fetchMock.mockResolvedValue(
      json(404, { success: false, code: 'NOT_FOUND', message: 'This unsubscribe link does not work any more.' }),
    );
    renderPage();
    expect(await screen.findByText('This unsubscribe link does not work any more.')).toBeInTheDocument();
  });
});
