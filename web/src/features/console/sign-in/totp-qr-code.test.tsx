import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { qrModules } from '../../../lib/qr-code.ts';
import { buildSession, renderConsole, serveStaffApi } from '../console-test-kit.tsx';

const URI = 'otpauth://totp/Chairtime:owner%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Chairtime';

describe('the authenticator set-up', () => {
  it('shows the set-up link as a QR code drawn in the page, from no other address (ADR 0067)', async () => {
    const calls = serveStaffApi({
      'GET /api/v1/staff/session': () => ({ result: buildSession({ must_set_up_totp: true }) }),
      'POST /api/v1/staff/totp/setup': () => ({ result: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: URI } }),
    });
    renderConsole('/console');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start the set-up' }));
    const image = await screen.findByRole('img', { name: /QR code of the set-up link/ });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.querySelector('img, image')).toBeNull();
    // Its squares are the encoder's dark modules of this very link.
    const dark = qrModules(URI).flat().filter(Boolean).length;
    expect(image.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(dark);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/staff/session', '/api/v1/staff/totp/setup']);
  });
});
