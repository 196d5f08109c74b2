import { cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceHint } from '../navigation/choice-hint.tsx';
import type { ContactFormValues } from './contact-form-values.ts';
import { CheckboxField, ChoiceField, TextField } from './form-fields.tsx';

afterEach(cleanup);

function FormWithErrors() {
  const form = useForm<ContactFormValues>();
  useEffect(() => {
    // The schemas' messages are keys of the validation catalogue; a server's message is text.
    form.setError('firstName', { type: 'required', message: 'firstNameRequired' });
    form.setError('bookingForSomeOne', { type: 'required', message: 'Please answer' });
    form.setError('agreeTextAndEmail', { type: 'required', message: 'Please agree' });
  }, [form]);
  return (
    <FormProvider {...form}>
      <TextField name="firstName" label="First name" />
      <ChoiceField
        name="bookingForSomeOne"
        legend="For someone else?"
        options={[
          { label: 'Yes', value: 'yes' },
          { label: 'No', value: 'no' },
        ]}
      />
      <CheckboxField name="agreeTextAndEmail">I agree</CheckboxField>
    </FormProvider>
  );
}

describe('field errors', () => {
  it('are announced (role alert) and tied to their invalid control', async () => {
    render(<FormWithErrors />);
    const alert = await screen.findByText('First name is required');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual([
      'First name is required',
      'Please answer',
      'Please agree',
    ]);

    const input = screen.getByLabelText('First name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(checkbox.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please agree');
    const group = screen.getByRole('group', { name: 'For someone else?' });
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please answer');
  });
});

describe('ChoiceHint', () => {
  it('is a polite live region', () => {
    render(<ChoiceHint message="Please select a Provider" />);
    const hint = screen.getByRole('status');
    expect(hint.textContent).toBe('Please select a Provider');
    expect(hint.getAttribute('aria-live')).toBe('polite');
  });
});
