import { $ZodRegistry, type $ZodType } from 'zod/v4/core';
import { ApiErrorSchema } from '#domain/api/envelope-schemas.ts';
import { AvailabilityRecordSchema } from '#domain/availability/availability-schemas.ts';

/**
 * The payloads several routes share, named once so the description refers to them as
 * components (ADR 0070) instead of repeating them inline in every route.
 */
const COMPONENTS: Record<string, $ZodType> = {
  ErrorEnvelope: ApiErrorSchema,
  AvailabilityRecord: AvailabilityRecordSchema,
};

/** What a component carries in the registry: its name in the description. */
type SchemaRegistryMeta = { id?: string; [key: string]: unknown };

let registry: $ZodRegistry<SchemaRegistryMeta> | undefined;

/** One registry per process: every app a test builds names the same schemas. */
export function registerApiComponents(): $ZodRegistry<SchemaRegistryMeta> {
  if (registry) return registry;
  registry = new $ZodRegistry<SchemaRegistryMeta>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  return registry;
}

/**
 * A schema with a description in the API documents. They read this registry, not zod's global one, so `.describe()`
 * would be lost; the description is emitted where the schema is used.
 */
export function describedSchema<S extends $ZodType>(schema: S, description: string): S {
  registerApiComponents().add(schema, { description });
  return schema;
}
