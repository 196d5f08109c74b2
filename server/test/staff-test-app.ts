import { beforeAll } from 'vitest';
import type { StaffRole } from '#domain/staff/staff-roles.ts';
import { importPractices, practiceConfig, reasonId } from './practice-factory.ts';
import { addStaff, signIn, type StaffClient } from './staff-factory.ts';
import { filledByHooks, withTestApp, type TestAppContext, type WithTestAppOptions } from './test-app.ts';

/** What `withPracticesApp` hands a test file: readable once its `beforeAll` has run. */
export interface PracticesAppContext extends TestAppContext {
  /** Every imported practice's id, by form_url. */
  ids: Record<string, string>;
  /** The first practice's id, its reasons' ids by name, and the id of its 'Exam' reason. */
  practiceId: string;
  reasons: Record<string, string>;
  examId: string;
}

/**
 * `withTestApp` with practices imported (the factory practice unless told): the set-up the console's
 * API tests share. `options.seed` runs after the import.
 */
export function withPracticesApp(
  practices: Record<string, unknown>[] = [practiceConfig()],
  options: WithTestAppOptions = {},
): PracticesAppContext {
  const { context, fill } = filledByHooks<PracticesAppContext>('withPracticesApp');
  let seeded: Pick<PracticesAppContext, 'ids' | 'practiceId' | 'reasons' | 'examId'> | undefined;
  const app = withTestApp({
    ...options,
    seed: async (db) => {
      const ids = await importPractices(db, ...practices);
      const practiceId = ids[String(practices[0]!.form_url)]!;
      const reasons: Record<string, string> = {};
      for (const { name } of (practices[0]!.reasons ?? []) as { name: string }[]) {
        reasons[name] = await reasonId(db, practiceId, name);
      }
      seeded = { ids, practiceId, reasons, examId: reasons.Exam! };
      await options.seed?.(db);
    },
  });
  beforeAll(() => {
    fill({ db: app.db, url: app.url, app: app.app, ...seeded! });
  });
  return context;
}

/** A signed-in console (`StaffClient`) and the account behind it. */
export interface SignedInStaff extends StaffClient {
  id: string;
  email: string;
  password: string;
}

/**
 * A staff account of `role` at the practices `practicesOf` names (the file's first practice unless
 * told), made and signed in before the file's tests.
 */
export function withSignedInStaff(
  ctx: PracticesAppContext,
  role: StaffRole = 'front_desk',
  practicesOf: (ctx: PracticesAppContext) => string[] = ({ practiceId }) => [practiceId],
): SignedInStaff {
  const { context, fill } = filledByHooks<SignedInStaff>('withSignedInStaff');
  beforeAll(async () => {
    const account = await addStaff(ctx.db, { practiceIds: practicesOf(ctx), role });
    fill({ ...(await signIn(ctx.app, account)), ...account });
  });
  return context;
}
