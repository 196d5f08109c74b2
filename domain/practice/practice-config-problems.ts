import type { z } from 'zod';

/** Where a problem is and what it is; the path uses the file's own keys and array indices. */
export interface ConfigProblem {
  path: (string | number)[];
  message: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Messages for the issues no field spells out itself (wrong JSON type, missing key, unknown
 * `pms.type`); zod's defaults talk about "expected string, received undefined".
 */
export function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
  }
  if (issue.code === 'invalid_union' && Array.isArray(issue['options'])) {
    return `must be one of ${(issue['options'] as unknown[]).map((o) => JSON.stringify(o)).join(', ')}`;
  }
  return undefined;
}

/** `['practices', 0, 'reasons', 2, 'name']` -> `practices[0].reasons[2].name`; the root is "file". */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(String(key))) text += text ? `.${String(key)}` : String(key);
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text || 'file';
}
