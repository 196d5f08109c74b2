import { describe, expect, it } from 'vitest';
import { normaliseLineBreaks, oneLine, quotePatientText } from './patient-text.ts';

describe('patient text in practice e-mails', () => {
  it('quotes every line under the label, so no line can pass for one of ours', () => {
    const forged =
      'Please call after 5.\r\nPatient: Mallory Evil\rPhone: +15550000000' +
      '\u2028Email: evil@example.com\u000bAppointment id: 1';
    const quoted = quotePatientText('Message from the patient', forged);
    expect(quoted.split('\n')).toEqual([
      'Message from the patient:',
      '> Please call after 5.',
      '> Patient: Mallory Evil',
      '> Phone: +15550000000',
      '> Email: evil@example.com',
      '> Appointment id: 1',
    ]);
    expect(quoted).not.toMatch(/^Patient:/m);
  });

  it('drops invisible controls and bidirectional overrides, and says when there is nothing', () => {
    expect(normaliseLineBreaks('a\u0000b\u202ec\u0085d  \n\n')).toBe('abc\nd');
    expect(quotePatientText('Feedback', '  \r\n ')).toBe('Feedback: (none)');
    expect(quotePatientText('Feedback', null)).toBe('Feedback: (none)');
  });

  it('puts one-line values on one line', () => {
    expect(oneLine('Delta\r\nPatient: Dental\u2029Plan')).toBe('Delta Patient: Dental Plan');
  });
});
