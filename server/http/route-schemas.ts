import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { ApiErrorSchema, successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../clock.ts';
import { registerApiComponents } from './api-components.ts';
import { bodyError, queryError } from './request-parsing.ts';

/**
 * Route schemas (ADR 0070): each route declares its params, query, body and answers with the
 * `domain/` zod schemas, so validation, the handler's types and the OpenAPI description come from
 * one place. A request that does not match becomes the same AppError the hand-called parsers
 * threw (a 400 naming the bad query parameters, a 422 listing the bad body fields), so the one
 * error handler renders it in the request's language as before.
 */

/** Schemas whose rules move with today's date (a window of days, a birth date): built per day. */
const DATED = new WeakMap<object, (today: string) => $ZodType>();

/**
 * A schema that checks dates against today (UTC's date: the practice is not known before its
 * row is loaded). The route declares it; the validator rebuilds it for the current day, and the
 * description reads the same shape whatever the day.
 */
export function datedSchema<S extends $ZodType>(factory: (today: string) => S): S {
  const shape = factory('2000-01-01');
  let built: { day: string; schema: S } | undefined;
  DATED.set(shape, (today) => {
    if (built?.day !== today) built = { day: today, schema: factory(today) };
    return built.schema;
  });
  return shape;
}

/** Schemas the route declares for its description only: the handler checks them with its context. */
const DESCRIBED_ONLY = new WeakSet<object>();

/**
 * A shape the route declares but the handler checks, because the check needs what only the
 * handler knows (the booking body needs its practice's rules and the practice's today).
 */
export function checkedInHandler<S extends $ZodType>(schema: S): S {
  DESCRIBED_ONLY.add(schema);
  return schema;
}

function requestValidator(clock: Clock): FastifySchemaCompiler<$ZodType> {
  return ({ schema, httpPart }) =>
    (data) => {
      if (DESCRIBED_ONLY.has(schema)) return { value: data };
      const dated = DATED.get(schema);
      const current = dated ? dated(localDateOf(clock.now(), 'UTC')) : schema;
      // An absent body or query reads as an empty object, as the parsers read it.
      const input = httpPart === 'body' || httpPart === 'querystring' ? (data ?? {}) : data;
      const result = safeParse(current, input);
      if (result.success) return { value: result.data };
      return { error: httpPart === 'body' ? bodyError(result.error, data) : queryError(result.error, data) };
    };
}

/**
 * The validator and serializer of every route, and the description's collector (it must see
 * every route, so it is registered before any). Answers are serialized as they are: checking them
 * against their schema costs about as much as a cached slot request, so only tests do it.
 */
export async function registerRouteSchemas(app: FastifyInstance, deps: { clock: Clock }): Promise<void> {
  app.setValidatorCompiler(requestValidator(deps.clock));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const registry = registerApiComponents();
  const zodToJsonConfig = { unrepresentable: 'any' as const };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dental booking API',
        version: '1',
        description: 'Generated from the route schemas (ADR 0070).',
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: registry, zodToJsonConfig }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: registry, zodToJsonConfig }),
  });
}

/** Statuses any route can answer: a bad query or NUL (400), too many requests, our fault, a busy database. */
const ANY_ROUTE = [400, 429, 500, 503] as const;

/** `{ success: true, message?, result }` around a route's result. */
export const okResult = successEnvelopeSchema;

/** What a route with a JSON body can answer besides its own errors: too large, not JSON, not valid. */
export const BODY_ERRORS: (413 | 415 | 422)[] = [413, 415, 422];

/** An answer that is not JSON (a page, a file), described by its media types; a JSON one among them is checked. */
export interface MediaAnswer {
  description: string;
  content: Record<string, { schema: $ZodType }>;
}

/** An HTML page as an answer: the description says what it shows. */
export function htmlPage(description: string): MediaAnswer {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/**
 * A route's answers: its success schema(s) by status, and the error envelope for the error
 * statuses it can answer (those of every route are added).
 */
export function answers<R extends Record<number, $ZodType | MediaAnswer>, E extends number = never>(
  success: R,
  errors: readonly E[] = [],
): R & Record<Exclude<(typeof ANY_ROUTE)[number] | E, keyof R>, typeof ApiErrorSchema> {
  const envelope: Record<number, typeof ApiErrorSchema> = {};
  for (const status of [...ANY_ROUTE, ...errors]) envelope[status] = ApiErrorSchema;
  return { ...envelope, ...success } as R &
    Record<Exclude<(typeof ANY_ROUTE)[number] | E, keyof R>, typeof ApiErrorSchema>;
}
