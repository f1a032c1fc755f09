import { LogController, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { REDACTED, requestSerializer } from './request-log';
import { terminalLogStream, type LogStream } from './terminal-log';

/**
 * How the server logs: level, what is censored, one line per request, and the format (text for a developer's
 * terminal, JSON lines for everything else). `stream` takes the lines instead of stdout (tests read them).
 */
export function loggingOptions(
  config: Pick<Config, 'logLevel' | 'prettyLogs'>,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      // Belt and braces: the serializers log no headers or bodies, and these paths are censored anyway.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.accessToken',
          '*.refreshToken',
          '*.token',
          'link',
          '*.link',
        ],
        censor: REDACTED,
      },
      serializers: { req: requestSerializer },
      ...(config.prettyLogs ? { stream: terminalLogStream(stream) } : stream ? { stream } : {}),
    },
    // One line per request instead of Fastify's two (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
  };
}
