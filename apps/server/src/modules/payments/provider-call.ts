import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { ProviderRefusedError, ProviderUnavailableError } from './payment-provider';

/**
 * Runs a call to the payment provider; its failure becomes the given text for the user (502 when the
 * provider could not answer, 400 when it refused), with the cause in the log only.
 */
export async function withProvider<T>(
  log: FastifyBaseLogger,
  failure: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      log.error({ err }, failure);
      throw new HttpError(502, failure);
    }
    if (err instanceof ProviderRefusedError) {
      log.warn({ err }, failure);
      throw new HttpError(400, failure);
    }
    throw err;
  }
}
