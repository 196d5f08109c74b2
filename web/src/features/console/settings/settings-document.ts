import type { PracticeConfig } from '#domain/practice/practice-config-schema.ts';
import { formatPath } from '#domain/practice/practice-config-problems.ts';

/**
 * The practice's settings as the page holds them (ADR 0083): the whole practice file the server answered, edited
 * in place and sent back whole, so every JSON path the server's rules name (`reasons[2].final_duration`) is a
 * path of this document.
 */
export type SettingsDocument = PracticeConfig;
export type SettingsPath = readonly (string | number)[];

/** The server's key for a path: the practice file's JSON path (ADR 0079). */
export const pathKey = (path: SettingsPath): string => formatPath(path);

/** An element id for the control of a path (ids may not hold brackets or dots in a CSS selector). */
export const fieldIdOfKey = (key: string): string => `setting-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
export const fieldIdOf = (path: SettingsPath): string => fieldIdOfKey(pathKey(path));
export const problemIdOf = (path: SettingsPath): string => `${fieldIdOf(path)}-problem`;

type Container = Record<string, unknown> | unknown[];

export function valueAt(document: unknown, path: SettingsPath): unknown {
  let value: unknown = document;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/**
 * The document with `value` at `path`, nothing else changed (every object on the way copied, the rest shared);
 * `undefined` removes the key, for an optional field left empty (a Spanish name nobody typed).
 */
export function withValueAt<T>(document: T, path: SettingsPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const container = (document ?? (typeof key === 'number' ? [] : {})) as Container;
  const next = (Array.isArray(container) ? [...container] : { ...container }) as Record<string | number, unknown>;
  const inner = withValueAt(next[key], rest, value);
  if (inner === undefined && !Array.isArray(next)) delete next[key];
  else next[key] = inner;
  return next as T;
}

/** The list at `path` with `item` added at its end. */
export const withItemAdded = <T>(document: T, path: SettingsPath, item: unknown): T =>
  withValueAt(document, path, [...((valueAt(document, path) as unknown[] | undefined) ?? []), item]);

/** The list at `path` without its `index`th item. */
export const withItemRemoved = <T>(document: T, path: SettingsPath, index: number): T =>
  withValueAt(
    document,
    path,
    ((valueAt(document, path) as unknown[] | undefined) ?? []).filter((_, i) => i !== index),
  );
