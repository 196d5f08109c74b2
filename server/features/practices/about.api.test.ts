import { describe, expect, it } from 'vitest';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { withTestApp } from '../../test/test-app.ts';

/** `GET /api/v1/about` (ADR 0065): practices listed by a development server only. */
const seed = async (db: Parameters<typeof importPractices>[0]) => {
  await importPractices(db, practiceConfig({ form_url: 'bright-smile', name: 'Bright Smile Dental' }));
};

describe('GET /api/v1/about on a development server', () => {
  const test = withTestApp({ seed, config: { devTools: true } });
  it('lists the practices by name', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/about' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      dev_tools: true,
      practices: [{ form_url: 'bright-smile', name: 'Bright Smile Dental' }],
    });
  });
});

describe('GET /api/v1/about in production', () => {
  const test = withTestApp({ seed, config: { devTools: false } });
  it('lists no practice', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/about' });
    expect(response.json().result).toEqual({ dev_tools: false, practices: [] });
  });
});
