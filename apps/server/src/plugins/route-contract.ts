import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Routes declare their wire contract as zod schemas (@goldroute/domain/api): request parts are parsed with
 * them before the handler runs (defaults filled, unknown keys dropped; a request without a body reads as an
 * empty object) and JSON replies are serialised from the response schema of their status.
 *
 * A route plugin is a FastifyPluginAsyncZod and declares `schema: { params, querystring, body, response }`,
 * the response with ERROR_REPLIES (lib/route-schema.ts). Its guards and rate limits run as `preValidation`
 * hooks: validation comes before preHandler, and a caller without a token or over a limit is refused before
 * its request is judged.
 */
export function registerRouteContract(app: FastifyInstance): void {
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => validate(data ?? {});
  });
  app.setSerializerCompiler<ZodType>(serializerCompiler);
}
