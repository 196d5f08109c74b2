import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrowserRouter, matchRoute, Route, Routes, useLocation, useNavigate, useParams } from './page-router.tsx';

/** ADR 0085: the patient pages' router, which took React Router's place on the booking page. */
describe('matchRoute', () => {
  it.each([
    [{ path: ':formUrl' }, '/bright-smile', { formUrl: 'bright-smile' }],
    [{ path: ':formUrl' }, '/bright-smile/', { formUrl: 'bright-smile' }],
    [{ path: ':formUrl' }, '/a%20b', { formUrl: 'a b' }],
    [{ path: 'review/feedback' }, '/Review/Feedback', {}],
    [{ path: ':formUrl/appointment/:token' }, '/x/appointment/t1', { formUrl: 'x', token: 't1' }],
    [{ path: 'console/*' }, '/console', { '*': '' }],
    [{ path: 'console/*' }, '/console/staff/2', { '*': 'staff/2' }],
    [{ index: true }, '/', {}],
    [{ path: '*' }, '/any/thing', { '*': 'any/thing' }],
  ])('%o matches %s', (route, pathname, params) => {
    expect(matchRoute(route, pathname)).toEqual(params);
  });

  it.each([
    [{ path: ':formUrl' }, '/x/payment-success'],
    [{ path: 'review/:id' }, '/review'],
    [{ path: 'console/*' }, '/consoles'],
    [{ index: true }, '/x'],
  ])('%o does not match %s', (route, pathname) => {
    expect(matchRoute(route, pathname)).toBeNull();
  });
});

function Page() {
  const { formUrl } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('?step=2', { state: { bookingTrail: [1, 2] } })}>
      {formUrl} {location.search}
    </button>
  );
}

describe('the browser router', () => {
  it("writes entries as React Router does, which the start script and the console's router read", async () => {
    window.history.replaceState(null, '', '/bright-smile');
    render(
      <BrowserRouter>
        <Routes>
          <Route path="console/*" element={<p>console</p>} />
          <Route path=":formUrl" element={<Page />} />
        </Routes>
      </BrowserRouter>,
    );
    expect(window.history.state).toEqual({ idx: 0 });
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByRole('button', { name: 'bright-smile ?step=2' })).toBeInTheDocument();
    expect(window.location.search).toBe('?step=2');
    expect(window.history.state).toMatchObject({ usr: { bookingTrail: [1, 2] }, idx: 1, key: expect.any(String) });
    // Back: the browser's popstate is heard.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('button', { name: 'bright-smile' })).toBeInTheDocument();
  });
});
