import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n/catalogue-registry.ts';
import { NotFoundPage } from './not-found-page.tsx';

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the language switch in the footer', () => {
  it('is on the 404 page, switches it to Spanish and back, keeps the focus and sets <html lang>', async () => {
    render(<NotFoundPage />);
    const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Language' });
    const spanish = within(nav).getByRole('button', { name: 'Español' });
    expect(spanish.getAttribute('lang')).toBe('es');
    expect(within(nav).getByRole('button', { name: 'English' }).getAttribute('aria-current')).toBe('true');

    spanish.focus();
    fireEvent.click(spanish);
    expect(await screen.findByRole('heading', { level: 1, name: '¡ERROR!' })).toBeTruthy();
    expect(screen.getByText('Página no encontrada')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Español' }));
    expect(screen.getByRole('navigation', { name: 'Idioma' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ERROR!'));
    expect(screen.getByText('Page Not Found')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});
