/**
 * Stripe's error wire format: an HTTP status plus `{ error: { type, message, code?, param?, decline_code? } }`.
 * The SDK picks its error class from the status (400/404 → StripeInvalidRequestError, or StripeIdempotencyError when
 * type is idempotency_error; 401 → StripeAuthenticationError; 5xx → StripeAPIError), so both must be right.
 */
export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

/** Thrown by handlers and domain operations; the HTTP layer turns it into the error response. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param && { param }),
    ...(code && { code }),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** Stripe's "No such x" error: 404 when the object named in the URL is missing, 400 when a parameter names it. */
export function resourceMissing(noun: string, id: string, param: string, status: 400 | 404): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${noun}: '${id}'`,
    param,
  });
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

/** 401 for a missing or wrong key; the message masks the key as Stripe does (prefix, stars, last four). */
export function authenticationError(presented: string | null): StripeApiError {
  if (!presented) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  const prefix = /^[a-z]+_(test|live)_/.exec(presented)?.[0] ?? '';
  const rest = presented.slice(prefix.length);
  const masked = `${prefix}${'*'.repeat(Math.max(rest.length - 4, 0))}${rest.slice(-4)}`;
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${masked}`,
  });
}

export const DEFAULT_FAULT_ERROR: StripeErrorBody = {
  type: 'api_error',
  message: "Something went wrong on Stripe's end.",
};
