import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_KEY } from '../features/reviews/review-test-support.ts';
import { importPractices, practiceConfig } from '../test/practice-factory.ts';
import { listRoutes } from '../test/route-list.ts';
import { addStaff, signIn, type StaffClient } from '../test/staff-factory.ts';
import { withTestApp } from '../test/test-app.ts';
import { isDescribedPath, type ApiDocument } from './api-documents.ts';
import { operationsOf } from './api-reference-page.ts';
import { apiTable, withApiTable } from './api-table.ts';

const README = new URL('../../README.md', import.meta.url);

/** `/api/v1/appointment/manage/:token` as the description writes it. */
const asOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

let practice: string;
let staff: StaffClient;
const ctx = withTestApp({
  // With a key, so the operator's routes are registered and described too.
  config: { adminApiKey: TEST_ADMIN_KEY },
  seed: async (db) => {
    practice = (await importPractices(db, practiceConfig()))['test-practice']!;
  },
});
beforeAll(async () => {
  staff = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practice], role: 'front_desk' }));
});

async function publicDocument(): Promise<ApiDocument> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function staffDocument(): Promise<ApiDocument> {
  const response = await staff.get('/api/v1/openapi-staff.json');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the API documents (ADR 0070)', () => {
  it('are valid OpenAPI 3.1', async () => {
    for (const document of [await publicDocument(), await staffDocument()]) {
      expect(document.openapi).toBe('3.1.0');
      const checked = await new Validator().validate(document as unknown as Record<string, unknown>);
      expect(checked.errors ?? [], JSON.stringify(checked.errors)).toEqual([]);
      expect(checked.valid).toBe(true);
    }
  });

  const holdsEveryRoute =
    'hold every registered API and /_dev/ route: the public one outside /api/v1/staff/, the staff one inside';
  it(holdsEveryRoute, async () => {
    const [open, staffOnly] = [await publicDocument(), await staffDocument()];
    const described = (document: ApiDocument) =>
      Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {})
          .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    const registered = listRoutes(ctx.app)
      .filter((route) => isDescribedPath(route.split(' ')[1]!))
      .map((route) => {
        const [method, path] = route.split(' ');
        return `${method} ${asOpenApiPath(path!)}`;
      });
    expect(registered.length).toBeGreaterThan(50);
    // The development tools are registered in tests (DEV_TOOLS on), so the test reads their schemas too.
    expect(registered.filter((route) => route.includes(' /_dev/'))).toHaveLength(7);
    expect([...described(open), ...described(staffOnly)].sort()).toEqual([...registered].sort());
    expect(described(open).every((route) => !route.includes('/api/v1/staff/'))).toBe(true);
    expect(described(staffOnly).every((route) => route.includes('/api/v1/staff/'))).toBe(true);
  });

  it('declare the answers of every route, and each parameter of its path', async () => {
    const operations = [await publicDocument(), await staffDocument()].flatMap(operationsOf);
    expect(operations.length).toBeGreaterThan(50);
    const undeclared = operations.flatMap(({ method, path, operation }) => {
      const route = `${method.toUpperCase()} ${path}`;
      const inPath = new Set(
        (operation.parameters ?? []).flatMap((parameter) =>
          'in' in parameter && parameter.in === 'path' ? [parameter.name] : [],
        ),
      );
      const missing = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).filter((name) => !inPath.has(name));
      return [
        ...('400' in (operation.responses ?? {}) ? [] : [`${route}: no answers`]),
        ...missing.map((name) => `${route}: no schema for {${name}}`),
      ];
    });
    expect(undeclared).toEqual([]);
  });

  it("describe the Stripe webhook's body: JSON, checked by its signature on the raw bytes", async () => {
    const webhook = (await publicDocument()).paths?.['/api/v1/stripe/webhook']?.post;
    const body = webhook?.requestBody as { content: Record<string, { schema: { description?: string } }> } | undefined;
    expect(Object.keys(body?.content ?? {})).toEqual(['application/json']);
    expect(body!.content['application/json']!.schema.description).toContain('Stripe-Signature');
  });

  it('name the error envelope with its codes, and shared payloads, as components', async () => {
    const document = await publicDocument();
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['ErrorEnvelope', 'AvailabilityRecord']));
    const code = (schemas.ErrorEnvelope as { properties: { code: { enum: string[] } } }).properties.code;
    expect(code.enum).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'SLOT_TAKEN', 'RATE_LIMITED']));
    const slots = document.paths?.['/api/v1/appointment/slots']?.get;
    expect(JSON.stringify(slots?.responses?.['422'])).toContain('#/components/schemas/ErrorEnvelope');
  });

  it('serves the staff document only to a staff session, with the one error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi-staff.json' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('serves a reference page with no script and nothing from another origin, under the CSP', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script|<link|@import|url\(/i);
    expect(response.body).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(response.body).toContain('GET /api/v1/appointment/slots');
    expect(response.body).toContain('ErrorEnvelope');
  });

  it("keeps the README's API table as the documents say (npm run docs:api writes it)", async () => {
    const table = apiTable([await publicDocument(), await staffDocument()]);
    const readme = readFileSync(README, 'utf8');
    const expected = withApiTable(readme, table);
    // `npm run docs:api` writes the table instead of comparing it.
    if (process.env.WRITE_API_TABLE === '1') return writeFileSync(README, expected);
    expect(readme).toBe(expected);
  });
});
