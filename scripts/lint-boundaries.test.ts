import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { FILE_LINES, FUNCTION_LINES, isProductCode } from './code-habits.ts';

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
/** A module that imports `name` from `from` and exports it again, so the import is used. */
const importing = (name: string, from: string) => `import { ${name} } from '${from}';\nexport { ${name} };\n`;

describe('lint: layer boundaries', () => {
  it.each(['adapters/mail', 'jobs', 'db', 'http'])('server/%s may not import a server feature', async (layer) => {
    const depth = layer.split('/').length;
    const code = importing('findPracticeById', `${'../'.repeat(depth)}features/practices/practices-repository.ts`);
    expect(await boundaryErrors(`server/${layer}/example.ts`, code)).toEqual([
      expect.stringContaining('must not import server/features'),
    ]);
  });

  it('a feature may use an adapter', async () => {
    const code = importing('saveOutboxMessage', '../../adapters/outbox/outbox-repository.ts');
    expect(await boundaryErrors('server/features/outbox/example.ts', code)).toEqual([]);
  });

  it('tests of a layer may build the app with its features', async () => {
    const code = importing('findPracticeById', '../features/practices/practices-repository.ts');
    expect(await boundaryErrors('server/http/example.api.test.ts', code)).toEqual([]);
  });
});

describe('lint: features meet through services (ADR 0073)', () => {
  const typeImport = (name: string, from: string) =>
    `import type { ${name} } from '${from}';\nexport type { ${name} };\n`;
  const practices = '../practices/practices';
  // [what is imported, by a file of server/features/..., the code, whether the rule refuses it]
  it.each([
    [
      "another feature's repository",
      'payments/x.ts',
      importing('findPracticeById', `${practices}-repository.ts`),
      true,
    ],
    ['a type from it', 'payments/x.ts', typeImport('PracticeRow', `${practices}-repository.ts`), true],
    ["the owning feature's service", 'payments/x.ts', importing('findPracticeById', `${practices}-service.ts`), false],
    [
      "the feature's own repository",
      'practices/x.ts',
      importing('findPracticeById', './practices-repository.ts'),
      false,
    ],
    [
      "another console folder's repository (console is one feature)",
      'console/sign-in/x.ts',
      importing('findAccountByEmail', '../staff/staff-accounts-repository.ts'),
      false,
    ],
    [
      'a repository outside console, from a console folder',
      'console/reviews/x.ts',
      importing('listReviewRequests', '../../reviews/review-requests-repository.ts'),
      true,
    ],
    [
      "another feature's repository in a test, to set up rows",
      'bookings/x.api.test.ts',
      importing('insertConsents', '../consent/consent-repository.ts'),
      false,
    ],
  ])('%s, from server/features/%s', async (_what, file, code, isRefused) => {
    const refusal = expect.stringContaining("must not import another feature's repository");
    expect(await boundaryErrors(`server/features/${file}`, code)).toEqual(isRefused ? [refusal] : []);
  });
});

describe('lint: SQL only in repositories', () => {
  const code =
    "import type { Queryable } from '../../db/database.ts';\n" +
    "export const f = (db: Queryable) => db.query('select 1');\n";

  it('refuses a query in a service or route', async () => {
    expect(await errorsOf('no-restricted-syntax', 'server/features/payments/payments-service.ts', code)).toEqual([
      expect.stringContaining('SQL lives in a *-repository.ts file'),
    ]);
  });

  it('allows it in a repository', async () => {
    expect(await errorsOf('no-restricted-syntax', 'server/features/payments/payments-repository.ts', code)).toEqual([]);
  });
});

describe("lint: one writer of a booking's status and time", () => {
  const writer = (sql: string) =>
    "import type { Queryable } from '../../db/database.ts';\n" +
    `export const f = (db: Queryable) => db.query(\`${sql}\`, ['a']);\n`;
  const setsStatus = "update appointments set status = 'booked', updated_at = now() where id = $1";
  const setsTime = 'update appointments\n  set pms_prov_num = 1, starts_at = $2 where id = $1';
  const setsPayment = "update appointments set payment_status = 'paid' where id = $1 and status = 'booked'";

  it.each([setsStatus, setsTime])('refuses a repository outside the lifecycle that writes them: %s', async (sql) => {
    expect(
      await errorsOf('no-restricted-syntax', 'server/features/payments/payments-repository.ts', writer(sql)),
    ).toEqual([expect.stringContaining('through the lifecycle (ADR 0068)')]);
  });

  it("refuses the lifecycle's SET clause for a time outside the lifecycle", async () => {
    const code =
      "import { PLACEMENT_SET } from '../bookings/booking-lifecycle-repository.ts';\n" +
      'export const sql = `update appointments set ${PLACEMENT_SET} where id = $1`;\n';
    expect(await errorsOf('no-restricted-syntax', 'server/features/opendental/pms-change-repository.ts', code)).toEqual(
      [expect.stringContaining('through the lifecycle (ADR 0068)')],
    );
  });

  it('lets a repository write the other columns, and the lifecycle write them', async () => {
    expect(
      await errorsOf('no-restricted-syntax', 'server/features/payments/payments-repository.ts', writer(setsPayment)),
    ).toEqual([]);
    expect(
      await errorsOf(
        'no-restricted-syntax',
        'server/features/bookings/booking-lifecycle-repository.ts',
        writer(setsStatus),
      ),
    ).toEqual([]);
  });
});

describe('lint: requests parsed in routes', () => {
  const code =
    "import { parseBody } from '../../http/request-parsing.ts';\n" +
    'export const f = (body: unknown) => parseBody({} as never, body);\n';

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
    const code = importing('loadCheckoutSession', '../booking/payment/checkout-session.ts');
    expect(await boundaryErrors('web/src/features/reviews/example.ts', code)).toEqual([
      expect.stringContaining('must not import another feature'),
    ]);
  });

  it('shared components may not import a feature', async () => {
    const code = importing('useBookingStore', '../../features/booking/state/booking-store.ts');
    expect(await boundaryErrors('web/src/components/ui/example.ts', code)).toEqual([
      expect.stringContaining('is shared code'),
    ]);
  });

  it('a feature may import its own files and shared code', async () => {
    const code =
      importing('useBookingStore', '../state/booking-store.ts') +
      importing('formDetailsQuery', '../../../lib/practice-form-queries.ts');
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

describe('format: Prettier with the project config', () => {
  const check = async (filePath: string, code: string) => {
    const options = await prettier.resolveConfig(new URL(`../${filePath}`, import.meta.url));
    return prettier.check(code, { ...options, filepath: filePath });
  };

  it('refuses an unformatted file', async () => {
    expect(await check('server/features/example/example-service.ts', 'export const x = {a:1,b:"two"}\n')).toBe(false);
  });

  it('accepts it formatted: single quotes, spaces, semicolons', async () => {
    expect(await check('server/features/example/example-service.ts', "export const x = { a: 1, b: 'two' };\n")).toBe(
      true,
    );
  });
});

describe('lint: sizes of product code (ADR 0044)', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const file = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
  const fn = (n: number) => `export function example() {\n${lines(n - 3)}\n  return v0;\n}\n`;
  const comments = Array.from({ length: 40 }, () => '  // why, and the ADR that says so').join('\n');

  it('refuses a file over 300 lines and a function over 80', async () => {
    expect(await errorsOf('max-lines', 'server/features/example/example-service.ts', file(301))).toEqual([
      expect.stringContaining('Maximum allowed is 300'),
    ]);
    expect(await errorsOf('max-lines-per-function', 'web/src/features/reviews/example.tsx', fn(81))).toEqual([
      expect.stringContaining('Maximum allowed is 80'),
    ]);
  });

  it('allows 300 and 80, blank lines and comments not counted', async () => {
    const spaced = file(300).replaceAll('\n', '\n\n// why\n');
    expect(await errorsOf('max-lines', 'domain/example/example-schemas.ts', spaced)).toEqual([]);
    const commented = fn(80).replace('{\n', `{\n${comments}\n\n`);
    expect(await errorsOf('max-lines-per-function', 'server/features/example/example-service.ts', commented)).toEqual(
      [],
    );
  });

  it('does not hold tests, test kits, e2e or bench to them', async () => {
    for (const path of ['server/features/x/x.api.test.ts', 'web/src/test/factories.ts', 'e2e/x.spec.ts', 'bench/x.ts'])
      expect(await errorsOf('max-lines-per-function', path, fn(200))).toEqual([]);
  });

  it('lints what the debt check measures, at the same limits', async () => {
    const paths = [
      'server/features/x/x-service.ts',
      'web/src/x/y-page.tsx',
      'server/x/y.test.ts',
      'web/src/x/y-test-kit.tsx',
      'soak/y.ts',
    ];
    for (const path of paths) {
      const { rules } = (await eslint.calculateConfigForFile(path)) as { rules: Record<string, unknown> };
      const expected = isProductCode(path)
        ? [
            [2, FILE_LINES],
            [2, FUNCTION_LINES],
          ]
        : [undefined, undefined];
      expect([rules['max-lines'], rules['max-lines-per-function']], path).toEqual(expected);
    }
  });
});

describe('lint: one API client in the web (ADR 0044)', () => {
  const code = "export const load = () => fetch('/api/v1/x');\nexport const again = () => window.fetch('/x');\n";

  it('refuses fetch( outside web/src/lib/api-client.ts', async () => {
    expect(await errorsOf('no-restricted-syntax', 'web/src/features/reviews/reviews-api.ts', code)).toEqual([
      expect.stringContaining('Only web/src/lib/api-client.ts calls fetch'),
      expect.stringContaining('Only web/src/lib/api-client.ts calls fetch'),
    ]);
  });

  it('allows it in the API client', async () => {
    expect(await errorsOf('no-restricted-syntax', 'web/src/lib/api-client.ts', code)).toEqual([]);
  });
});

describe('lint: web tests act as a person and say what they expect (ADR 0044)', () => {
  const path = 'web/src/features/reviews/example.test.tsx';

  it('refuses fireEvent from either testing library', async () => {
    for (const library of ['@testing-library/react', '@testing-library/dom']) {
      const code = `import { fireEvent, screen } from '${library}';\nfireEvent.click(screen.getByRole('button'));\n`;
      expect(await errorsOf('no-restricted-imports', path, code)).toEqual([expect.stringContaining('userEvent')]);
    }
  });

  it('refuses toBeTruthy() and allows a matcher that says what is expected', async () => {
    const bad = "import { expect } from 'vitest';\nexpect(document.querySelector('h1')).toBeTruthy();\n";
    expect(await errorsOf('no-restricted-properties', path, bad)).toEqual([expect.stringContaining('jest-dom')]);
    const good = "import { expect } from 'vitest';\nexpect(document.querySelector('h1')).not.toBeNull();\n";
    expect(await errorsOf('no-restricted-properties', path, good)).toEqual([]);
    expect(await errorsOf('no-restricted-imports', path, "import { screen } from '@testing-library/react';\n")).toEqual(
      [],
    );
  });
});
