import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage, languageOfTag, pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  it('takes ?lang first, then the cookie, then Accept-Language, then English', () => {
    expect(pickLanguage({ query: 'es', cookie: 'en', acceptLanguage: 'en' })).toBe('es');
    expect(pickLanguage({ query: 'en', cookie: 'es', acceptLanguage: 'es' })).toBe('en');
    expect(pickLanguage({ cookie: 'es', acceptLanguage: 'en-US' })).toBe('es');
    expect(pickLanguage({ acceptLanguage: 'es-MX,es;q=0.9,en;q=0.8' })).toBe('es');
    expect(pickLanguage({})).toBe('en');
  });

  it('skips what it does not know instead of failing', () => {
    expect(pickLanguage({ query: 'fr', cookie: 'xx', acceptLanguage: 'de, es;q=0.5' })).toBe('es');
    expect(pickLanguage({ query: '', cookie: '', acceptLanguage: '*' })).toBe('en');
  });
});

describe('languageOfAcceptLanguage', () => {
  it('ranks by quality, then by order, and ignores q=0', () => {
    expect(languageOfAcceptLanguage('en;q=0.4, es;q=0.8')).toBe('es');
    expect(languageOfAcceptLanguage('es;q=0, en')).toBe('en');
    expect(languageOfAcceptLanguage('fr-CA, es-419, en')).toBe('es');
    expect(languageOfAcceptLanguage('q=1;;,')).toBeNull();
  });
});

describe('languageOfTag', () => {
  it('reads the primary subtag in any case', () => {
    expect(languageOfTag('ES_us')).toBe('es');
    expect(languageOfTag('english')).toBeNull();
  });
});
