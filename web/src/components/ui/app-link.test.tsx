import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink, AppNavLink } from './app-link.tsx';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

describe('AppLink and AppNavLink', () => {
  it('navigates within the app without a page load, and marks only the current page', async () => {
    render(
      <MemoryRouter initialEntries={['/console/feedback']}>
        <AppNavLink to="/console" isEnd>
          Schedule
        </AppNavLink>
        <AppNavLink to="/console/feedback">Feedback</AppNavLink>
        <AppLink to="/console/staff">Staff</AppLink>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Schedule' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/console/staff');

    await userEvent.click(screen.getByRole('link', { name: 'Staff' }));
    expect(screen.getByText('at /console/staff')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Schedule' }));
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Feedback' })).not.toHaveAttribute('aria-current');
  });
});
