import type { OpenAPIV3_1 } from 'openapi-types';
import { bodyFields, describeSchema, jsonBodySchema, operationsOf } from './api-reference-page.ts';

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;

export const TABLE_START = '<!-- api-table:start (npm run docs:api writes this table from the API documents) -->';
export const TABLE_END = '<!-- api-table:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function inputs(operation: OpenAPIV3_1.OperationObject): string {
  const query = ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => `\`${parameter.name}\`${parameter.required ? '' : ' (optional)'}`);
  const body = bodyFields(jsonBodySchema(operation)).map(
    (field) => `\`${field.name}\`${field.required ? '' : ' (optional)'}`,
  );
  return [...query, ...(body.length > 0 ? [`body: ${body.join(', ')}`] : [])].join(', ');
}

function result(operation: OpenAPIV3_1.OperationObject): string {
  const answers = Object.entries(operation.responses ?? {});
  const success = answers
    .filter(([status]) => status.startsWith('2') || status.startsWith('3'))
    .map(([status, response]) => {
      const schema = (response as OpenAPIV3_1.ResponseObject).content?.['application/json']?.schema as
        Schema | undefined;
      return schema ? `${status} ${describeSchema(schema)}` : status;
    });
  const errors = answers.map(([status]) => status).filter((status) => /^[45]/.test(status));
  const said = [operation.summary ?? '', success.join(', ')].filter(Boolean).join(': ');
  return errors.length > 0 ? `${said}; errors ${errors.join(', ')}` : said;
}

/** One row per route of the documents: method and path, its query or body names, its result. */
export function apiTable(documents: OpenAPIV3_1.Document[]): string {
  const rows = documents.flatMap((document) =>
    operationsOf(document).map(
      ({ method, path, operation }) =>
        `| \`${method.toUpperCase()} ${path}\` | ${cell(inputs(operation))} | ${cell(result(operation))} |`,
    ),
  );
  return ['| method and path | query or body | result |', '|---|---|---|', ...rows].join('\n');
}

/** The README with the table between its markers replaced. */
export function withApiTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
