import { vi } from 'vitest';

/** One call the app made, as the server would see it. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stand-in for unit tests that records every call and answers through `handler`. */
export function fakeApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    return handler(call);
  });
  return {
    fetch: fetchMock as unknown as typeof fetch,
    calls,
    /** Calls to one path, in order. */
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

/** A promise the test settles by hand, to hold a call in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
