import { describe, expect, it } from 'vitest';
import { dayButtonLabel } from './calendar-labels.ts';

describe('dayButtonLabel (WCAG 2.5.3: the name contains the visible day number)', () => {
  it.each([1, 2, 3, 4, 11, 21, 22, 23, 31])('names day %i with its number as a word', (day) => {
    const label = dayButtonLabel(new Date(2026, 2, day), {});
    expect(label.split(/[\s,]+/)).toContain(String(day));
  });

  it('says today and selected, as the calendar did', () => {
    expect(dayButtonLabel(new Date(2026, 2, 4), { today: true, selected: true })).toBe('Today, Wednesday, March 4, 2026, selected');
    expect(dayButtonLabel(new Date(2026, 2, 4), {})).toBe('Wednesday, March 4, 2026');
  });
});
