export interface HttpErrorOptions {
  code?: string;
  headers?: Record<string, string>;
}

/**
 * An error whose message is safe to show to the caller. It sits in lib/, below the plugins and the
 * modules, because services throw it and the error handler (plugins/errors.ts) answers it.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
