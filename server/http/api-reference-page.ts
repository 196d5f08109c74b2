import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeHtml } from '#domain/format/html-escape.ts';

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
type Operation = OpenAPIV3_1.OperationObject;

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A schema in a few words: its component's name, its type, its values. */
export function describeSchema(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if ('$ref' in schema) return schema.$ref.split('/').at(-1) ?? 'any';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((part) => describeSchema(part as Schema)).join(' | ');
  if (schema.allOf) return schema.allOf.map((part) => describeSchema(part as Schema)).join(' & ');
  if (schema.type === 'array') return `array of ${describeSchema(schema.items as Schema)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  const properties = Object.keys(schema.properties ?? {});
  // The envelope says little: what a route answers is its `result`.
  if (properties.includes('result') && properties.includes('success'))
    return describeSchema(schema.properties!.result as Schema);
  if (properties.length > 6) return `{ ${properties.slice(0, 6).join(', ')}, … }`;
  if (properties.length > 0) return `{ ${properties.join(', ')} }`;
  return schema.type ?? 'any';
}

/** The names of a body's fields, for a schema that is an object (or a union or intersection of them). */
export function bodyFields(schema: Schema | undefined): { name: string; type: string; required: boolean }[] {
  if (!schema || '$ref' in schema) return [];
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? [])] as Schema[];
  if (parts.length > 0) return parts.flatMap((part) => bodyFields(part));
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: describeSchema(property as Schema),
    required: required.has(name),
  }));
}

/** The body's schema: JSON, or the form a webhook posts (Twilio's). */
export function jsonBodySchema(operation: Operation): Schema | undefined {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const content = body?.content['application/json'] ?? body?.content['application/x-www-form-urlencoded'];
  return content?.schema as Schema | undefined;
}

/** Each operation of a document, in path order. */
export function operationsOf(document: OpenAPIV3_1.Document): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({ method, path, operation: item![method]! })),
  );
}

function list(items: string[]): string {
  return items.length === 0 ? '<p>None.</p>' : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function operationSection(method: string, path: string, operation: Operation): string {
  const parameters = ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).map(
    (p) =>
      `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}): ` +
      escapeHtml(describeSchema(p.schema as Schema)),
  );
  const fields = bodyFields(jsonBodySchema(operation)).map(
    (f) => `<code>${escapeHtml(f.name)}</code>${f.required ? ' (required)' : ''}: ${escapeHtml(f.type)}`,
  );
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const content = (response as OpenAPIV3_1.ResponseObject).content?.['application/json'];
    return `<strong>${status}</strong> ${escapeHtml(content ? describeSchema(content.schema as Schema) : '')}`;
  });
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  return (
    `<section id="${id}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>` +
    `<p>${escapeHtml(operation.summary ?? '')}</p>` +
    `<h4>Parameters</h4>${list(parameters)}<h4>Body</h4>${list(fields)}<h4>Answers</h4>${list(responses)}</section>`
  );
}

/**
 * The reference page at /api/v1/docs (ADR 0070): plain HTML generated from the public document,
 * no script, no font and no style from another origin, so the app's CSP serves it as it is.
 */
export function apiReferencePage(document: OpenAPIV3_1.Document): string {
  const operations = operationsOf(document);
  const index = operations.map(
    ({ method, path }) =>
      `<a href="#${`${method}-${path}`.replace(/[^a-z0-9]+/gi, '-')}">${method.toUpperCase()} ${escapeHtml(path)}</a>`,
  );
  const components = Object.keys(document.components?.schemas ?? {}).map((name) => `<code>${escapeHtml(name)}</code>`);
  const sections = operations.map(({ method, path, operation }) => operationSection(method, path, operation));
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(document.info.title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}' +
    'section{border-top:1px solid #ccc;margin-top:1.5rem}code{background:#f4f4f4;padding:0 .2rem}</style>' +
    `</head><body><main><h1>${escapeHtml(document.info.title)}</h1>` +
    `<p>${escapeHtml(document.info.description ?? '')} The machine-readable description is at ` +
    '<a href="/api/v1/openapi.json">/api/v1/openapi.json</a>; the staff console’s, for a signed-in staff ' +
    'member, at <a href="/api/v1/openapi-staff.json">/api/v1/openapi-staff.json</a>.</p>' +
    `<h2>Routes</h2>${list(index)}<h2>Shared schemas</h2>${list(components)}` +
    `<h2>Reference</h2>${sections.join('')}` +
    '</main></body></html>'
  );
}
