import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Children, isValidElement, type ReactNode } from 'react';
import { Route } from '../lib/page-router.tsx';
import { describe, expect, it } from 'vitest';
import { FormUrlSchema } from '#domain/practice/practice-query-schemas.ts';
import { isReservedPath } from '#domain/practice/reserved-paths.ts';
import { AppRoutes } from './router.tsx';

/**
 * The SPA's own pages and the files served at the root must start with a word no practice can
 * take as its form_url (domain/practice/reserved-paths.ts): a new page fails here until its first
 * segment is reserved. The server's routes are held to the same list in server/http.
 */

/** Every `<Route path>` in the element tree, nested paths joined to their parent's. */
function routePaths(node: ReactNode, parent = ''): string[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<{ path?: string; children?: ReactNode }>(child)) return [];
    const path =
      child.type === Route && child.props.path ? `${parent}/${child.props.path}`.replace(/\/+/g, '/') : parent;
    return [...(path !== parent ? [path] : []), ...routePaths(child.props.children, path)];
  });
}

/** A fixed first segment must be reserved; one with a dot is a file name the form_url format already refuses. */
function isKeptFromPractices(segment: string): boolean {
  if (segment.includes('.')) return !FormUrlSchema.safeParse(segment).success;
  return isReservedPath(segment);
}

describe('reserved paths of the web app', () => {
  it('every route begins with a parameter, a splat or a reserved word', () => {
    const paths = routePaths(AppRoutes());
    expect(paths).toEqual(expect.arrayContaining(['/review/:id', '/:formUrl', '/*']));
    const fixed = paths
      .map((path) => path.split('/')[1] ?? '')
      .filter((segment) => !segment.startsWith(':') && segment !== '*');
    expect(fixed.length).toBeGreaterThan(0);
    expect(fixed.filter((segment) => !isKeptFromPractices(segment))).toEqual([]);
  });

  it('every file served at the root (web/public) is kept from practices', () => {
    const files = readdirSync(join(import.meta.dirname, '../../public'));
    expect(files).toContain('terms.html');
    expect(files.filter((name) => !isKeptFromPractices(name))).toEqual([]);
  });
});
