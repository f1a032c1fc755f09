/** Small JSON-over-HTTP client for API tests: real requests, status and parsed body. */
export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export function apiClient(baseUrl: string) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; cookie?: string; rawBody?: string } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.rawBody !== undefined)
      headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
  }
  return {
    get: <T = Record<string, unknown>>(path: string, o?: { token?: string; cookie?: string }) =>
      call<T>('GET', path, o),
    post: <T = Record<string, unknown>>(
      path: string,
      body?: unknown,
      o?: { token?: string; cookie?: string },
    ) => call<T>('POST', path, { ...o, body }),
    put: <T = Record<string, unknown>>(path: string, body?: unknown, o?: { token?: string }) =>
      call<T>('PUT', path, { ...o, body }),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, o?: { token?: string }) =>
      call<T>('PATCH', path, { ...o, body }),
    delete: <T = Record<string, unknown>>(path: string, o?: { token?: string }) => call<T>('DELETE', path, o),
    raw: (method: string, path: string, rawBody: string, o?: { token?: string }) =>
      call(method, path, { ...o, rawBody }),
  };
}
