import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js, tried on source that breaks them: a rule that never fires
 * would keep `npm run lint` green while the layers blur.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const boundaryErrors = (filePath: string, code: string) => errorsOf('import-x/no-restricted-paths', filePath, code);

describe('lint: layer boundaries', () => {
  it.each(['adapters/mail', 'jobs', 'db', 'http'])('server/%s may not import a server feature', async (layer) => {
    const depth = layer.split('/').length;
    const code = `import { findPracticeById } from '${'../'.repeat(depth)}features/practices/practices-repository.ts';\nexport const x = findPracticeById;\n`;
    expect(await boundaryErrors(`server/${layer}/example.ts`, code)).toEqual([
      expect.stringContaining('must not import server/features'),
    ]);
  });

  it('a feature may use an adapter', async () => {
    const code = `import { saveOutboxMessage } from '../../adapters/outbox/outbox-repository.ts';\nexport const x = saveOutboxMessage;\n`;
    expect(await boundaryErrors('server/features/outbox/example.ts', code)).toEqual([]);
  });

  it('tests of a layer may build the app with its features', async () => {
    const code = `import { findPracticeById } from '../features/practices/practices-repository.ts';\nexport const x = findPracticeById;\n`;
    expect(await boundaryErrors('server/http/example.api.test.ts', code)).toEqual([]);
  });
});

describe('lint: SQL only in repositories', () => {
  const code = `import type { Queryable } from '../../db/database.ts';\nexport const f = (db: Queryable) => db.query('select 1');\n`;

  it('refuses a query in a service or route', async () => {
    expect(await errorsOf('no-restricted-syntax', 'server/features/payments/payments-service.ts', code)).toEqual([
      expect.stringContaining('SQL lives in a *-repository.ts file'),
    ]);
  });

  it('allows it in a repository', async () => {
    expect(await errorsOf('no-restricted-syntax', 'server/features/payments/payments-repository.ts', code)).toEqual([]);
  });
});

describe('lint: requests parsed in routes', () => {
  const code = `import { parseBody } from '../../http/request-parsing.ts';\nexport const f = (body: unknown) => parseBody({} as never, body);\n`;

  it('refuses parseBody in a service', async () => {
    expect(await errorsOf('no-restricted-imports', 'server/features/reviews/reviews-service.ts', code)).toEqual([
      expect.stringContaining('Parse the request in the route'),
    ]);
  });

  it('allows it in a route', async () => {
    expect(await errorsOf('no-restricted-imports', 'server/features/reviews/reviews-routes.ts', code)).toEqual([]);
  });
});

describe('lint: web layers', () => {
  it('a web feature may not import another feature', async () => {
    const code = `import { loadCheckoutSession } from '../booking/payment/checkout-session.ts';\nexport const x = loadCheckoutSession;\n`;
    expect(await boundaryErrors('web/src/features/reviews/example.ts', code)).toEqual([
      expect.stringContaining('must not import another feature'),
    ]);
  });

  it('shared components may not import a feature', async () => {
    const code = `import { useBookingStore } from '../../features/booking/state/booking-store.ts';\nexport const x = useBookingStore;\n`;
    expect(await boundaryErrors('web/src/components/ui/example.ts', code)).toEqual([
      expect.stringContaining('is shared code'),
    ]);
  });

  it('a feature may import its own files and shared code', async () => {
    const code = `import { useBookingStore } from '../state/booking-store.ts';\nimport { formDetailsQuery } from '../../../lib/practice-form-queries.ts';\nexport const x = [useBookingStore, formDetailsQuery];\n`;
    expect(await boundaryErrors('web/src/features/booking/payment/example.ts', code)).toEqual([]);
  });
});

describe('lint: the console pages share through console/shared', () => {
  const code = (from: string) => `import { StaffPage } from '${from}';\nexport const x = StaffPage;\n`;

  it('refuses a page import in console/shared', async () => {
    expect(
      await boundaryErrors('web/src/features/console/shared/example.tsx', code('../staff/staff-page.tsx')),
    ).toEqual([expect.stringContaining('console/shared is shared by the console pages')]);
  });

  it('lets a page use console/shared', async () => {
    const shared = `import { ErrorNote } from '../shared/console-notes.tsx';\nexport const x = ErrorNote;\n`;
    expect(await boundaryErrors('web/src/features/console/staff/example.tsx', shared)).toEqual([]);
  });
});
