import { describe, expect, it } from 'vitest';
import { fieldIdOf, pathKey, valueAt, withItemAdded, withItemRemoved, withValueAt } from './settings-document.ts';

describe('the settings document', () => {
  const document = { reasons: [{ name: 'Exam', final_duration: 30 }], quiet_hours: { start: '20:00', end: '08:00' } };

  it('names a path as the server keys its problems, and gives it an id a selector can hold', () => {
    expect(pathKey(['reasons', 2, 'final_duration'])).toBe('reasons[2].final_duration');
    expect(fieldIdOf(['reasons', 2, 'final_duration'])).toBe('setting-reasons-2--final_duration');
  });

  it('changes one value and leaves the loaded document as it was', () => {
    const changed = withValueAt(document, ['reasons', 0, 'final_duration'], 45);
    expect(valueAt(changed, ['reasons', 0, 'final_duration'])).toBe(45);
    expect(document.reasons[0]!.final_duration).toBe(30);
    expect(changed.quiet_hours).toBe(document.quiet_hours);
  });

  it('makes the objects on the way, and removes a key set to undefined', () => {
    const named = withValueAt(document, ['reasons', 0, 'translations', 'es', 'name'], 'Examen');
    expect(valueAt(named, ['reasons', 0, 'translations'])).toEqual({ es: { name: 'Examen' } });
    expect(
      valueAt(withValueAt(named, ['reasons', 0, 'translations', 'es', 'name'], undefined), ['reasons', 0]),
    ).toEqual({ name: 'Exam', final_duration: 30, translations: { es: {} } });
  });

  it('adds to and removes from a list', () => {
    const added = withItemAdded(document, ['closures'], { date: '2026-12-24', name: 'Eve' });
    expect(valueAt(added, ['closures'])).toEqual([{ date: '2026-12-24', name: 'Eve' }]);
    expect(valueAt(withItemRemoved(added, ['closures'], 0), ['closures'])).toEqual([]);
  });
});
