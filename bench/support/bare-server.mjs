// The baseline: a bare node:http server answering fixed responses, so a benchmark can tell how much of
// the app's time goes to the app itself. Usage: PORT=… HOST=… node bare-server.mjs responses.json
// where responses.json maps a path (or a path with its query) to { status, contentType, body (base64) }.
import fs from 'node:fs';
import http from 'node:http';

function loadResponses(file) {
  const routes = new Map();
  for (const [path, { status, contentType, body }] of Object.entries(
    JSON.parse(fs.readFileSync(file, 'utf8')),
  )) {
    const bytes = Buffer.from(body, 'base64');
    const headers = { 'Content-Length': String(bytes.byteLength) };
    if (contentType) headers['Content-Type'] = contentType;
    routes.set(path, { status, headers, bytes });
  }
  return routes;
}

const routes = loadResponses(process.argv[2]);
const server = http.createServer((request, response) => {
  // A query string the responses do not name is ignored, as the app ignores unknown parameters.
  const route = routes.get(request.url) ?? routes.get(request.url.split('?')[0]);
  if (!route) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  response.writeHead(route.status, route.headers).end(route.bytes);
});

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
