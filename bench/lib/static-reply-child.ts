// The reference for the HTTP benchmark: a bare node:http server in its own process that answers every
// request with the same gzip bytes our server sends (read from the file the parent names), so the
// difference between the two runs is what our request handling costs. Reports its port over IPC.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const files = JSON.parse(process.env.REPLY_FILES ?? '{}') as Record<string, string>;
const bodies = new Map(Object.entries(files).map(([path, file]) => [path, readFileSync(file)]));
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = bodies.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
