import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { pathId } from './staff-path-id.ts';

describe('pathId', () => {
  const notFound = () => AppError.notFound('No such thing.');

  it('gives a uuid back in lower case', () => {
    expect(pathId('0F8FAD5B-D9CB-469F-A165-70867728950E', notFound)).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });

  it('answers anything else with the route’s own not-found', () => {
    for (const id of ['export.csv', '1', '0f8fad5b-d9cb-469f-a165-70867728950', "x' or 1=1 --"])
      expect(() => pathId(id, notFound), id).toThrow('No such thing.');
  });
});
