import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n/use-messages.ts';
import * as messages from './contact-form.messages.ts';
import { onlyStatusFor, onlyStatusNotice } from './only-status.ts';

describe('a reason for one kind of patient only', () => {
  it('names the one status it can be booked for', () => {
    expect(onlyStatusFor({ for_new_patients: true, for_returning_patients: false })).toBe('New Patient');
    expect(onlyStatusFor({ for_new_patients: false, for_returning_patients: true })).toBe('Returning Patient');
    expect(onlyStatusFor({ for_new_patients: true, for_returning_patients: true })).toBeNull();
    expect(onlyStatusFor(null)).toBeNull();
  });

  it('tells the patient before they fill in the form, for themselves or someone else', () => {
    expect(translate(messages, onlyStatusNotice('New Patient', false))).toBe(
      'This appointment is for new patients only. If you have visited us before, please call us to book.',
    );
    expect(translate(messages, onlyStatusNotice('Returning Patient', true))).toBe(
      'This appointment is for returning patients only. If this is their first visit, please call us to book.',
    );
  });
});
