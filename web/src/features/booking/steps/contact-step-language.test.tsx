import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/catalogue-registry.ts';
import { buildReason } from '../../../test/booking-factories.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { renderBookingScreen } from '../../../test/render-booking-screen.tsx';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';

vi.mock('../contact/use-fingerprint.ts', () => ({ useFingerprint: () => 'fingerprint' }));

stubFetch(async () => jsonResponse(200, { success: true, result: [] }));

afterEach(async () => {
  cleanup();
  clearBookingStorage();
  await changeLanguage('en');
});

const renderContactStep = () => renderBookingScreen(5, buildReason({ to_show_providers: false }));

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('a language switch on the contact step (ADR 0034)', () => {
  it('keeps the step and everything typed, and says it all again in Spanish', async () => {
    const user = userEvent.setup();
    renderContactStep();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Please enter contact information' }),
    ).toBeInTheDocument();
    await user.clear(input('First Name'));
    await user.type(input('First Name'), 'Ana');
    await user.clear(input('Last Name'));
    await user.type(input('Last Name'), 'López');
    await user.clear(input('Email'));
    await user.type(input('Email'), 'ana@');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(input('Date of Birth'));
    await user.type(input('Date of Birth'), '04121988');
    expect(input('Date of Birth').placeholder).toBe('MM/DD/YYYY');
    const firstNameInput = input('First Name');

    await user.click(screen.getByRole('button', { name: 'Español' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ingrese su información de contacto' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Paso 4')).toBeInTheDocument();
    expect(input('Nombre').value).toBe('Ana');
    // The same element: the form was not remounted.
    expect(input('Nombre')).toBe(firstNameInput);
    expect(input('Apellido').value).toBe('López');
    expect(input('Correo electrónico').value).toBe('ana@');
    expect(input('Fecha de nacimiento').value).toBe('04/12/1988');
    expect(input('Fecha de nacimiento').placeholder).toBe('MM/DD/AAAA');
    // The schema's message is a key: shown again in Spanish, at the same field.
    expect(screen.getByText('Ingrese un correo electrónico válido')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', {
        name: 'Acepto recibir mensajes de texto y correos electrónicos de Bright Smile',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeInTheDocument();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(5);
    expect(document.documentElement.lang).toBe('es');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(input('First Name').value).toBe('Ana'));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });
});
