import { createServer } from 'node:http';

/**
 * A loopback stand-in for Discord's OAuth2 endpoints, speaking the same wire protocol: POST /oauth2/token
 * (form body, HTTP Basic client auth) and GET /users/@me (bearer). It knows one valid code.
 */
export async function startDiscordServer(options: {
  clientId: string;
  clientSecret: string;
  code: string;
  user: { id: string; username: string };
}) {
  const requests: { path: string; body: string; authorization: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization ?? '' });
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === '/oauth2/token') {
        const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
        const form = new URLSearchParams(body);
        if (req.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
        if (form.get('grant_type') !== 'authorization_code' || form.get('code') !== options.code) {
          return send(400, { error: 'invalid_grant' });
        }
        return send(200, {
          access_token: 'discord-access',
          token_type: 'Bearer',
          expires_in: 604800,
          scope: 'identify',
        });
      }
      if (req.method === 'GET' && req.url === '/users/@me') {
        if (req.headers.authorization !== 'Bearer discord-access')
          return send(401, { message: '401: Unauthorized' });
        return send(200, { ...options.user, discriminator: '0', avatar: null });
      }
      send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
