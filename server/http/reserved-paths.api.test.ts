import { describe, expect, it } from 'vitest';
import { FormUrlSchema } from '#domain/practice/practice-query-schemas.ts';
import { isReservedPath } from '#domain/practice/reserved-paths.ts';
import { withTestApp } from '../test/test-app.ts';
import { listRoutes } from '../test/route-list.ts';

/**
 * Every route the server registers starts with a word no practice can take as its form_url
 * (domain/practice/reserved-paths.ts), so a new top-level route fails here until it is reserved.
 * The SPA's routes and the files of web/public are held to the same list in web/src/app.
 */

// Every optional part on: the dev tools, the local test checkout, the operator API.
const ctx = withTestApp({
  config: { devTools: true, adminApiKey: 'admin-key-for-reserved-paths' },
});

describe('top-level server routes', () => {
  it('each begins with a reserved word, or with a file name no form_url can take', () => {
    const routes = listRoutes(ctx.app);
    const samples = [
      'GET /_dev/outbox',
      'POST /api/v1/review/feedback',
      'POST /api/v1/admin/review-requests',
      'GET /assets/app-test.js',
    ];
    expect(routes).toEqual(expect.arrayContaining(samples));
    const firstSegments = new Set(routes.map((route) => route.split(' ')[1]!.split('/')[1] ?? ''));
    const fixed = [...firstSegments].filter((segment) => segment !== '' && !segment.startsWith(':') && segment !== '*');
    // Built files at the root (index.html, terms.html) need no entry: the form_url format allows no dot.
    const unreserved = fixed.filter((segment) =>
      segment.includes('.') ? FormUrlSchema.safeParse(segment).success : !isReservedPath(segment),
    );
    expect(unreserved).toEqual([]);
  });
});
