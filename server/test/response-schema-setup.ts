import { afterEach, expect } from 'vitest';
import { takeResponseMismatches } from './response-schema-check.ts';

// A test whose requests got an answer its route does not declare fails (ADR 0070).
afterEach(() => {
  expect(takeResponseMismatches(), 'answers that do not match their route schema').toEqual([]);
});
