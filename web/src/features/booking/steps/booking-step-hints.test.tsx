import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { changeLanguage } from '../../../lib/i18n/catalogue-registry.ts';
import { buildReason } from '../../../test/booking-factories.ts';
import { clearBookingStorage } from '../state/booking-store.ts';
import { renderBookingScreen } from '../../../test/render-booking-screen.tsx';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';

vi.mock('../contact/use-fingerprint.ts', () => ({ useFingerprint: () => 'fingerprint' }));

const WHITENING = buildReason({ name: 'Whitening', amount: 75, is_payment_enabled: true, to_show_providers: false });
let reasons: ReasonForVisit[] = [];
stubFetch(async () => jsonResponse(200, { success: true, result: reasons }));

afterEach(async () => {
  cleanup();
  clearBookingStorage();
  await changeLanguage('en');
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillContact(user: ReturnType<typeof userEvent.setup>, except: string | null = null) {
  const values: Record<string, string> = {
    'First Name': 'Ana',
    'Last Name': 'Lopez',
    Email: 'ana@example.com',
    Phone: '5125550100',
    'Date of Birth': '04121988',
  };
  for (const [label, value] of Object.entries(values)) {
    await user.clear(input(label));
    if (label !== except) await user.type(input(label), value);
  }
}

describe('why Submit is grey (ADR 0060)', () => {
  it('says the consent is missing next to the disabled button, and nothing once it is ticked', async () => {
    const user = userEvent.setup();
    renderBookingScreen(5, buildReason({ to_show_providers: false }));
    await screen.findByRole('heading', { level: 2, name: 'Please enter contact information' });
    await fillContact(user);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const hint = screen.getByText('Please agree to receive texts and e-mails from Bright Smile to book');
    expect(submit).toHaveAccessibleDescription(hint.textContent!);

    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    expect(screen.queryByText(/to book$/)).not.toBeInTheDocument();
  });

  it('names the fields still to complete, and says it in Spanish', async () => {
    const user = userEvent.setup();
    renderBookingScreen(5, buildReason({ to_show_providers: false }));
    await screen.findByRole('heading', { level: 2, name: 'Please enter contact information' });
    await fillContact(user, 'First Name');
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByText('To book, please complete: First Name.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('Para reservar, complete: Nombre.')).toBeInTheDocument();
  });
});

describe('the price of a paid visit (ADR 0060)', () => {
  it('shows on the reason card before the checkout', async () => {
    reasons = [WHITENING, buildReason({ id: '7c1a2b3c-0000-4000-8000-000000000011', name: 'Exam' })];
    renderBookingScreen(2, null);
    const card = await screen.findByRole('button', { name: /Whitening/ });
    expect(card).toHaveTextContent('$75.00, paid when you book');
    expect(screen.getByRole('button', { name: /Exam/ })).not.toHaveTextContent('paid when you book');
  });

  it('shows on the contact step, in Spanish too', async () => {
    const user = userEvent.setup();
    renderBookingScreen(5, WHITENING);
    expect(await screen.findByText('$75.00, paid when you book')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('$75.00, se paga al reservar')).toBeInTheDocument();
  });
});
