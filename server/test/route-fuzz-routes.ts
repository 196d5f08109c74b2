import type { FastifyInstance } from 'fastify';
import { listRoutes } from './route-list.ts';
import { seedOf } from './route-fuzz-seeds.ts';

/**
 * What each registered route reads, for route-fuzz.api.test.ts (ADR 0041, ADR 0070): its path
 * params, query and body fields and their kinds, from the schemas the collector gathered from the
 * routes, with a valid value each (its seed, else one its schema gives). A new route is fuzzed by
 * being registered; one whose fields the fuzz cannot know is named in `unknown`.
 */

export type FieldKind = 'day' | 'time' | 'number' | 'instant' | 'id' | 'text' | 'flag';
export type Slot = 'params' | 'query' | 'body';

/** Who sends it: anyone; with a solved bot challenge; the operator's key; a console; a throwaway console. */
export type Caller = 'public' | 'bot' | 'staff' | 'admin' | 'own-session';

export interface Field {
  kind: FieldKind;
  /** A value that passes the schema, or undefined: the valid request leaves the field out. */
  value: unknown;
}

export interface RouteFields {
  as: Caller;
  params: Record<string, Field>;
  query: Record<string, Field>;
  /** The body's fields, when the route declares a body. */
  body?: Record<string, Field>;
  /** The body goes as a form (a webhook's), not as JSON. */
  isForm: boolean;
}

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const options = (schema: JsonSchema) => (schema.anyOf ?? [schema]).filter((option) => option.type !== 'null');

/** A field's kind from its schema; a plain string's from its seed (a birth date is a day). */
function kindOf(schema: JsonSchema, seed: unknown, isPath: boolean): FieldKind {
  const [first] = options(schema);
  if (first?.anyOf) return kindOf(first, seed, isPath);
  const pattern = first?.pattern ?? '';
  if (first?.type === 'boolean') return 'flag';
  if (first?.type === 'integer' || first?.type === 'number' || /^\^\\d\{1,\d+\}\$$/.test(pattern)) return 'number';
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}') || (typeof seed === 'string' && DAY.test(seed))) return 'day';
  if (pattern.includes(':[0-5]\\d')) return 'time';
  if (first?.format === 'date-time') return 'instant';
  if (first?.format === 'uuid' || isPath) return 'id';
  return 'text';
}

/** A value the schema itself gives: its constant, default or first choice, null, false, a small number. */
function valueOf(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return schema.anyOf.some((option) => option.type === 'null') ? null : valueOf(schema.anyOf[0]!);
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (schema.pattern && /^\^\\d\{1,\d+\}\$$/.test(schema.pattern)) return '1';
  return undefined;
}

function fieldOf(route: string, name: string, schema: JsonSchema, isPath = false): Field {
  const seed = seedOf(name, route);
  return { kind: kindOf(schema, seed, isPath), value: seed !== undefined ? seed : valueOf(schema) };
}

/** The caller a route needs: its prefix says, and a body with the honeypot (`hp`) is a bot-guarded form. */
function callerOf(route: string, body: JsonSchema | undefined): Caller {
  if (route === 'DELETE /api/v1/staff/session') return 'own-session';
  if (route.includes(' /api/v1/staff/')) return 'staff';
  if (route.includes(' /api/v1/admin/')) return 'admin';
  return body?.properties && 'hp' in body.properties ? 'bot' : 'public';
}

/**
 * Every registered route (`METHOD /path` as listRoutes names it) with its fields, and what the
 * fuzz cannot know: a route with a path parameter outside the description, or a required field
 * with no valid value.
 */
export function routeFieldsOf(app: FastifyInstance): { routes: Record<string, RouteFields>; unknown: string[] } {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  const described = new Map<string, Operation>();
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations))
      described.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation);
  const routes: Record<string, RouteFields> = {};
  const unknown: string[] = [];
  for (const route of listRoutes(app)) {
    const operation = described.get(route);
    if (!operation && route.includes(':')) unknown.push(`${route}: not in the description`);
    const fields = { params: {} as Record<string, Field>, query: {} as Record<string, Field> };
    for (const parameter of operation?.parameters ?? []) {
      const slot = parameter.in === 'path' ? 'params' : parameter.in === 'query' ? 'query' : undefined;
      if (slot)
        fields[slot][parameter.name] = fieldOf(route, parameter.name, parameter.schema ?? {}, slot === 'params');
    }
    const [contentType, content] = Object.entries(operation?.requestBody?.content ?? {})[0] ?? [];
    const body = content?.schema;
    const bodyFields = body
      ? Object.fromEntries(Object.entries(body.properties ?? {}).map(([name, s]) => [name, fieldOf(route, name, s)]))
      : undefined;
    for (const name of body?.required ?? [])
      if (bodyFields?.[name]?.value === undefined) unknown.push(`${route}: body.${name} has no seed`);
    for (const [name, field] of Object.entries(fields.params))
      if (field.value === undefined) unknown.push(`${route}: params.${name} has no seed`);
    const isForm = contentType === 'application/x-www-form-urlencoded';
    routes[route] = { as: callerOf(route, body), ...fields, body: bodyFields, isForm };
  }
  return { routes, unknown };
}
