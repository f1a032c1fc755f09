import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { REQUEST_MESSAGE, type RequestLine } from './request-log';

export interface LogStream {
  write(line: string): void;
}

type Entry = Record<string, unknown>;

/** A request line as a developer reads it; who made it and from where stay in the JSON of the other modes. */
const compact = ({ level, time, method, url, status, ms }: Entry & Partial<RequestLine>): Entry => ({
  level,
  time,
  msg: `${method} ${url} ${status} ${ms}ms`,
});

/**
 * Log lines for a developer's terminal: one line per event, so the lines printed at start (the demo accounts)
 * stay in view; a request reads `GET /url 200 3ms`. An error's stack still follows its line in full.
 * Formatted in this process rather than in a transport's worker, whose options could not carry `compact`.
 */
export function terminalLogStream(destination: LogStream = pino.destination(1)): LogStream {
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
  return {
    write: (line) => {
      const entry = JSON.parse(line) as Entry;
      destination.write(prettify(entry.msg === REQUEST_MESSAGE ? compact(entry) : entry));
    },
  };
}
