import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type RouteSchema = Parameters<SerializerCompiler>[0];

/** The zod schema of a route's answer, as fastify-type-provider-zod accepts it (the schema, or in `properties`). */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof z.ZodType ? inner : null;
}

/** fast-json-stringify's writer for the JSON schema of what the zod schema answers; null when zod cannot say. */
function compileWriter(schema: z.ZodType): Writer | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Writer;
  } catch {
    return null;
  }
}

type Writer = (data: unknown) => string;

/** One writer per schema however many routes or app instances answer with it. */
const writers = new WeakMap<z.ZodType, Writer | null>();

function writerOf(schema: z.ZodType): Writer | null {
  let write = writers.get(schema);
  if (write === undefined) {
    write = compileWriter(schema);
    writers.set(schema, write);
  }
  return write;
}

/**
 * Answers written by fast-json-stringify from each route's response schema (docs/decisions/019-catalogue-reads.md):
 * the schema is compiled once into a writer that knows every field, which is several times faster than checking
 * the answer with zod and then `JSON.stringify`. Fields the schema does not list are left out, as zod left them out.
 * With `checkAnswers` (NODE_ENV=test) the answer is checked with zod first, so an answer that does not match its
 * schema is still a 500 in the tests (platform/route-contract.ts); in production the writer alone runs. A schema zod
 * cannot express as JSON schema keeps the zod serializer. A writer is compiled at its route's first answer rather than
 * at start: compiling all of them took most of the start-up time, and many routes answer rarely.
 */
export function fastSerializerCompiler(options: { checkAnswers: boolean }): SerializerCompiler {
  return (route: RouteSchema) => {
    const zodSerializer = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = zodSchemaOf(route.schema);
    if (!schema) return zodSerializer;
    let write: Writer | null | undefined;
    return (data: unknown) => {
      write ??= writerOf(schema);
      if (!write) return zodSerializer(data);
      // The zod serializer throws the framework's ResponseSerializationError for an answer that does not match.
      if (options.checkAnswers) zodSerializer(data);
      return write(data);
    };
  };
}
