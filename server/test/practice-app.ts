import { beforeAll } from 'vitest';
import type { Database } from '../db/database.ts';
import { importPractices, practiceConfig, reasonId } from './practice-factory.ts';
import { filledByHooks, withTestApp, type TestAppContext, type WithTestAppOptions } from './test-app.ts';

/** What `withPracticeApp` hands a test file: readable once its `beforeAll` has run. */
export interface PracticeAppContext extends TestAppContext {
  /** Every imported practice's id, keyed by form_url. */
  practiceIds: Record<string, string>;
  /** The first practice's id. */
  practiceId: string;
  /** The id of the first practice's reason of that name (throws on a name it does not have). */
  reasonId(name: string): string;
}

export interface WithPracticeAppOptions extends Omit<WithTestAppOptions, 'seed'> {
  /**
   * Overrides of `practiceConfig`, one entry per practice to import; the first is the practice
   * `practiceId` and `reasonId` name. Default: the factory practice alone.
   */
  practices?: Record<string, unknown>[];
  /** More rows, after the practices are imported (their ids keyed by form_url). */
  seed?: (db: Database, practiceIds: Record<string, string>) => Promise<void>;
}

/** The practice and desk address the message tests read back in e-mails and calendar files. */
export const NEW_YORK_OFFICE = {
  notification_email: 'office@test-practice.example',
  address_line1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zipcode: '10001',
} as const;

/** The factory's exam and a whitening that takes a $75 payment: the reasons the payment tests book. */
export const EXAM_AND_PAID_WHITENING = [
  { name: 'Exam', final_duration: 30 },
  { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
];

const reasonNamesOf = (config: Record<string, unknown>) => (config.reasons as { name: string }[]).map((r) => r.name);

/**
 * `withTestApp` on a database seeded with the factory practices (with the overrides given), the
 * block every booking-side API file repeated; a `seed` option adds rows after the import.
 */
export function withPracticeApp(options: WithPracticeAppOptions = {}): PracticeAppContext {
  const { practices = [{}], seed, ...appOptions } = options;
  const { context, fill } = filledByHooks<PracticeAppContext>('withPracticeApp');
  const configs = practices.map((overrides) => practiceConfig(overrides));
  let practiceIds: Record<string, string> = {};
  const reasons = new Map<string, string>();
  const importAll = async (db: Database) => {
    practiceIds = await importPractices(db, ...configs);
    const firstId = practiceIds[configs[0]!.form_url as string]!;
    for (const name of reasonNamesOf(configs[0]!)) reasons.set(name, await reasonId(db, firstId, name));
    await seed?.(db, practiceIds);
  };
  const app = withTestApp({ ...appOptions, seed: importAll });
  beforeAll(() => {
    const practiceId = practiceIds[configs[0]!.form_url as string]!;
    const reasonIdOf = (name: string) => {
      const id = reasons.get(name);
      if (!id) throw new Error(`withPracticeApp: the first practice has no reason ${name}`);
      return id;
    };
    fill({ app: app.app, db: app.db, url: app.url, practiceIds, practiceId, reasonId: reasonIdOf });
  });
  return context;
}
