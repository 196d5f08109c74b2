import { describe, expect, it } from 'vitest';
import type { Translation } from '#domain/i18n/message-catalog.ts';
import { inEnglish, translator } from './translate.ts';

const en = {
  greeting: 'Hello {name}',
  times: '{count, plural, one {# time} other {# times}}',
  apostrophe: "The practice's page",
  onlyEnglish: 'Only in English',
};
const es: Translation<typeof en> = {
  greeting: 'Hola {name}',
  times: '{count, plural, one {# horario} other {# horarios}}',
  apostrophe: 'La página del consultorio',
  onlyEnglish: '',
};

describe('translator', () => {
  const t = translator({ en, es });

  it('formats a message in each language with its params', () => {
    expect(t('en', 'greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('es', 'greeting', { name: 'Ana' })).toBe('Hola Ana');
  });

  it('applies each language’s plural rules', () => {
    expect(t('en', 'times', { count: 1 })).toBe('1 time');
    expect(t('en', 'times', { count: 3 })).toBe('3 times');
    expect(t('es', 'times', { count: 1 })).toBe('1 horario');
    expect(t('es', 'times', { count: 0 })).toBe('0 horarios');
  });

  it('keeps a literal apostrophe', () => {
    expect(t('en', 'apostrophe')).toBe("The practice's page");
  });

  it('defers a text until the language is known, with English for logs', () => {
    const text = t.localized('greeting', { name: 'Luis' });
    expect(text('es')).toBe('Hola Luis');
    expect(inEnglish(text)).toBe('Hello Luis');
  });

  it('falls back to English for a missing translation and fails on an unknown key', () => {
    const partial = translator({ en, es: { ...es, onlyEnglish: undefined } as unknown as typeof es });
    expect(partial('es', 'onlyEnglish')).toBe('Only in English');
    expect(() => t('en', 'nope' as 'greeting')).toThrow(/No message "nope"/);
  });

  it('tells whether a text is one of its keys', () => {
    expect(t.has('greeting')).toBe(true);
    expect(t.has('Hello')).toBe(false);
    expect(t.has('toString')).toBe(false);
  });
});
