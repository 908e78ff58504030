import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where every response is checked against the contract before it is written. */
export const isCheckedEnvironment = (nodeEnv: string) => nodeEnv === 'test' || nodeEnv === 'development';

/**
 * Production writes the handler's value with JSON.stringify: no zod pass on every request. In test and
 * development the value is first encoded by the route's response schema, and a value the schema would
 * change (a wrong type, a key it would drop or add) fails the request — so production writes the same
 * JSON the tests saw. Key order is not compared: values kept as jsonb (a job's result) come back with
 * PostgreSQL's key order, and a JSON reader does not depend on it.
 */
export const responseSerializerCompiler = (nodeEnv: string): FastifySerializerCompiler<unknown> => {
  if (!isCheckedEnvironment(nodeEnv)) return () => (data) => JSON.stringify(data);
  return (route) => {
    const encode = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const checked = encode(data);
      const written = JSON.stringify(data);
      if (checked !== written && !isDeepStrictEqual(JSON.parse(checked), JSON.parse(written))) {
        const message = `differs from what its schema writes:\n  sent:   ${written.slice(0, 400)}\n  schema: ${checked.slice(0, 400)}`;
        throw new ResponseSerializationError(route.method, route.url, { cause: new z.ZodError([{ code: 'custom', path: [], input: data, message }]) });
      }
      return written;
    };
  };
};
