import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderConsole, serveConsole } from '../../console-test-kit.tsx';
import { buildSettings, settingsRoutes } from '../settings.test-data.ts';
import { contrastProblems, contrastWithPage } from './branding-contrast.ts';

describe('the contrast check of the practice’s colours', () => {
  it('measures a colour against the white page, rounded down so that a pass is a pass', () => {
    expect(contrastWithPage('#0f766e')).toBe(5.47);
    expect(contrastWithPage('#777777')).toBe(4.47);
    expect(contrastWithPage('not a colour')).toBeNull();
    const practice = buildSettings({
      form_customization: { brand_color: '#334155', button_color_1: '#777777', button_color_2: '#ffff00' },
    });
    expect(contrastProblems(practice)).toEqual({
      'form_customization.button_color_1':
        'Contrast with white is 4.47:1; it must be at least 4.5:1. Choose a darker colour.',
      'form_customization.button_color_2':
        'Contrast with white is 1.07:1; it must be at least 4.5:1. Choose a darker colour.',
    });
  });

  it('says each colour’s ratio as it changes, and a failing one blocks the save', async () => {
    const user = userEvent.setup();
    const calls = serveConsole({}, settingsRoutes(buildSettings(), 3));
    renderConsole('/console/settings');
    const branding = await screen.findByRole('region', { name: 'Branding' });
    const button = within(branding).getByLabelText('Button colour');
    expect(button).toHaveAccessibleDescription('Contrast with white 5.47:1: passes.');

    await user.clear(button);
    await user.type(button, '#ffff00');
    const problem = 'Contrast with white is 1.07:1; it must be at least 4.5:1. Choose a darker colour.';
    expect(button).toHaveAttribute('aria-invalid', 'true');
    expect(button).toHaveAccessibleDescription(problem);

    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(button).toHaveFocus();
    expect(callsTo(calls, '/api/v1/staff/settings').filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(button);
    await user.type(button, '#1d4ed8');
    expect(button).not.toHaveAttribute('aria-invalid');
    expect(button).toHaveAccessibleDescription('Contrast with white 6.70:1: passes.');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    await screen.findByText('Saved as version 4. Patients see it at once.');
  });
});
