// Wire pieces shared by every call: error shape, message shape, region params, bounded strings.
import { z } from 'zod';
import { REGION_LIST } from '../enums';

/** Errors on the wire: HTTP status + { error } and, for session handling, a code. */
export const errorResponseSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** GET /healthz and /readyz (outside SPEC §7): what a load balancer's probe reads. */
export const probeResponseSchema = z.object({ status: z.string() });
export type ProbeResponse = z.infer<typeof probeResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export { ERROR_CODES } from '../messages';

/** A path of the form /…/{id} whose id the handler checks itself (an unknown one is its own 404). */
export const idParamsSchema = z.object({ id: z.string() });
export type IdParams = z.infer<typeof idParamsSchema>;

export const regionSchema = z.enum(REGION_LIST);

export const regionParamsSchema = z.object({ region: regionSchema });
export type RegionParams = z.infer<typeof regionParamsSchema>;

// Caps keep opaque values (tokens, ids, keys) from being used to push large payloads.
export const MAX_TOKEN_LENGTH = 2048;
export const MAX_ID_LENGTH = 255;
export const MAX_LIST_LENGTH = 1000;

export const tokenStringSchema = z.string().min(1).max(MAX_TOKEN_LENGTH);
export const idStringSchema = z.string().min(1).max(MAX_ID_LENGTH);

/** Requests without a body are an empty object; extra keys are dropped like everywhere else. */
export const emptyRequestSchema = z.object({});
