import { describe, expect, it } from 'vitest';
import { PmsUnavailableError } from '../pms-adapter.ts';
import { classifyOdAnswer, extractOdMessage, OpenDentalError, toPmsUnavailable } from './opendental-errors.ts';

const ECONNECTOR = "The office's eConnector is not running. Please contact the office to start their eConnector.";

describe('Open Dental error answers', () => {
  it.each([
    [JSON.stringify(ECONNECTOR), ECONNECTOR],
    ['"Patient not found"', 'Patient not found'],
    ['{"Message":"An error has occurred."}', 'An error has occurred.'],
    ['<html>504 Gateway Time-out</html>', '<html>504 Gateway Time-out</html>'],
    ['', ''],
  ])('reads the message of %j', (body, message) => expect(extractOdMessage(body)).toBe(message));

  it.each([
    [400, ECONNECTOR, 'connector_down'],
    [400, 'Two eConnectors are attempting to use the same registration key.', 'connector_down'],
    [400, 'The version of the dental office is not high enough to use this method.', 'version'],
    [400, 'Request timed out while connecting to the dental office.', 'connector_down'],
    [400, 'DateTStamp format must be yyyy-MM-dd HH:mm:ss', 'invalid'],
    [401, 'Invalid credentials', 'auth'],
    [404, 'Clinic not found', 'not_found'],
    [410, 'Gone', 'gone'],
    [429, '', 'rate_limited'],
    [500, 'An error has occurred.', 'server'],
    [502, '', 'server'],
    [504, 'Gateway Time-out', 'timeout'],
  ] as const)('%i %j is %s', (status, message, kind) => expect(classifyOdAnswer(status, message)).toBe(kind));

  it('turns "cannot answer now" into the page\'s PMS_UNAVAILABLE reasons, and nothing else', () => {
    const reasonOf = (kind: ConstructorParameters<typeof OpenDentalError>[0]) =>
      toPmsUnavailable(new OpenDentalError(kind, 400, 'x', 'GET /schedules'))?.reason ?? null;
    expect(reasonOf('connector_down')).toBe('connector_down');
    expect(reasonOf('version')).toBe('version');
    for (const kind of ['auth', 'rate_limited', 'timeout', 'network', 'server'] as const)
      expect(reasonOf(kind)).toBe('unreachable');
    for (const kind of ['invalid', 'not_found', 'gone', 'unexpected'] as const) expect(reasonOf(kind)).toBeNull();
    expect(toPmsUnavailable(new Error('other'))).toBeNull();
    expect(toPmsUnavailable(new OpenDentalError('network', null, 'ECONNREFUSED', 'GET /clinics'))).toBeInstanceOf(
      PmsUnavailableError,
    );
  });

  it('names the method and path, never the query', () => {
    const error = new OpenDentalError('invalid', 400, 'LName is required.', 'POST /patients');
    expect(error.message).toBe('Open Dental POST /patients: 400 LName is required.');
  });
});
