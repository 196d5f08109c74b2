import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n/catalogue-registry.ts';
import { NotFoundPage } from './not-found-page.tsx';

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the language switch in the footer', () => {
  it('is on the 404 page, switches it to Spanish and back, keeps the focus and sets <html lang>', async () => {
    const user = userEvent.setup();
    render(<NotFoundPage />);
    const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Language' });
    const spanish = within(nav).getByRole('button', { name: 'Español' });
    expect(spanish.getAttribute('lang')).toBe('es');
    expect(within(nav).getByRole('button', { name: 'English' }).getAttribute('aria-current')).toBe('true');

    spanish.focus();
    await user.click(spanish);
    expect(await screen.findByRole('heading', { level: 1, name: '¡ERROR!' })).toBeInTheDocument();
    expect(screen.getByText('Página no encontrada')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Español' }));
    expect(screen.getByRole('navigation', { name: 'Idioma' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ERROR!'));
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
