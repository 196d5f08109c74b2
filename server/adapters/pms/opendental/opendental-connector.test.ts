import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { systemClock } from '../../../clock.ts';
import { OD_DEFAULT_TIMEOUT_MS } from './opendental-client.ts';
import { createOpenDentalConnector, DEFAULT_RECHECK_TIMEOUT_MS } from './opendental-connector.ts';

describe("a booking's re-check with Open Dental", () => {
  it('gives up after 10 s by default: a patient does not wait for the gateway that ends requests at 60 s', () => {
    const { openDental } = loadConfig({ OPENDENTAL_DEVELOPER_KEY: 'dev-key' });
    const connector = createOpenDentalConnector({ ...openDental, developerKey: 'dev-key' }, { clock: systemClock });
    expect(connector.recheckTimeoutMs).toBe(10_000);
    expect(DEFAULT_RECHECK_TIMEOUT_MS).toBeLessThan(OD_DEFAULT_TIMEOUT_MS);
  });

  it("takes the deployment's own limit when one is set", () => {
    const connector = createOpenDentalConnector(
      { apiUrl: 'http://127.0.0.1:1', developerKey: 'k', requestsPerSecond: 1, recheckTimeoutMs: 2_500 },
      { clock: systemClock },
    );
    expect(connector.recheckTimeoutMs).toBe(2_500);
  });
});
