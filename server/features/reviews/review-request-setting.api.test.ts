import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import { withTestDatabase } from '../../test/test-app.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { createPracticesService } from '../practices/practices-service.ts';

const ctx = withTestDatabase();

const storedDelay = async () =>
  (
    await ctx.db.query<{ review_request_delay_hours: number | null }>(
      `select review_request_delay_hours from practices where form_url = 'test-practice'`,
    )
  )[0]!.review_request_delay_hours;

describe('the review_request_delay_hours setting', () => {
  it('is imported, and switched off again by a file that leaves it out', async () => {
    await importPractices(ctx.db, practiceConfig({ review_request_delay_hours: 3 }));
    expect(await storedDelay()).toBe(3);
    await importPractices(ctx.db, practiceConfig());
    expect(await storedDelay()).toBeNull();
    await importPractices(ctx.db, practiceConfig({ review_request_delay_hours: 0 }));
    expect(await storedDelay()).toBe(0);
    await importPractices(ctx.db, practiceConfig({ review_request_delay_hours: null }));
    expect(await storedDelay()).toBeNull();
  });

  it.each([-1, 1.5, 721, '2'])('refuses %j with a message for the operator', (value) => {
    const result = parsePracticeConfigFile({ practices: [practiceConfig({ review_request_delay_hours: value })] });
    expect(result).toEqual({
      ok: false,
      problems: ['practices[0].review_request_delay_hours: must be a whole number of hours from 0 to 720, or null'],
    });
  });

  it('is not part of the public form details', async () => {
    await importPractices(ctx.db, practiceConfig({ review_request_delay_hours: 5 }));
    const form = await createPracticesService(ctx.db, { publishableKey: null }).getFormDetails('test-practice');
    expect(form).not.toHaveProperty('review_request_delay_hours');
  });
});
