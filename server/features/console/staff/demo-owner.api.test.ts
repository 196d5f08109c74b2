import { describe, expect, it } from 'vitest';
import { addStaff, signIn } from '../../../test/staff-factory.ts';
import { importPractices, practiceConfig } from '../../../test/practice-factory.ts';
import { createTestApp, withTestDatabase } from '../../../test/test-app.ts';
import { DEMO_OWNER_EMAIL, ensureDemoOwner } from './demo-owner.ts';

// `npm start` prints a demo owner login for bright-smile (ADR 0038); never in production.
// A fresh database for each test: the demo owner is made once per database.
let practiceId: string;
const testDb = withTestDatabase(
  async (db) => {
    practiceId = (await importPractices(db, practiceConfig({ form_url: 'bright-smile', name: 'Bright Smile' })))[
      'bright-smile'
    ]!;
  },
  { isPerTest: true },
);

describe('the demo owner', () => {
  it('is made once with a random password that each start prints again, and signs in', async () => {
    const first = await ensureDemoOwner(testDb.db, { nodeEnv: 'development' }, {});
    expect(first).toEqual({
      email: DEMO_OWNER_EMAIL,
      password: expect.stringMatching(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/),
    });
    expect(await ensureDemoOwner(testDb.db, { nodeEnv: 'development' }, {})).toEqual(first);
    const app = await createTestApp(testDb.db);
    const owner = await signIn(app, first!);
    expect(owner.session).toMatchObject({ account: { role: 'owner' }, practice: { id: practiceId } });
    await app.close();
  });

  it('is not made for a bright-smile that already has staff', async () => {
    await addStaff(testDb.db, { practiceIds: [practiceId], role: 'owner' });
    expect(await ensureDemoOwner(testDb.db, { nodeEnv: 'development' }, {})).toBeNull();
  });

  it('is switched off in production, and never printed there', async () => {
    const login = await ensureDemoOwner(
      testDb.db,
      { nodeEnv: 'development' },
      { DEMO_OWNER_PASSWORD: 'demo owner password 1' },
    );
    expect(login?.password).toBe('demo owner password 1');
    expect(await ensureDemoOwner(testDb.db, { nodeEnv: 'production' }, {})).toBeNull();
    const app = await createTestApp(testDb.db);
    const refused = await app.inject({ method: 'POST', url: '/api/v1/staff/session', payload: login! });
    expect(refused.statusCode).toBe(401);
    await app.close();
    expect(await ensureDemoOwner(testDb.db, { nodeEnv: 'development' }, {})).toBeNull();
  });
});
