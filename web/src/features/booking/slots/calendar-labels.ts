/**
 * The calendar's day-button names (WCAG 2.5.3, label in name). The calendar's own default names a
 * day "Monday, March 4th, 2026": "4th" does not contain the visible "4" as a word, so speech
 * users saying "click 4" miss it and axe's label-content-name-mismatch fails. The number is
 * written as shown.
 */
export function dayButtonLabel(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  const day = date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return `${modifiers.today ? 'Today, ' : ''}${day}${modifiers.selected ? ', selected' : ''}`;
}
