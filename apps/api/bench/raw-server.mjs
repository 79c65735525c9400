// The baseline for GET /api/products: plain node:http answering every request
// with the same bytes and headers the shop sends (body and ETag computed
// once), so the comparison measures only what the shop adds per request.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.RAW_BODY_FILE);
const etag = process.env.RAW_ETAG ?? '';
const server = http.createServer((req, res) => {
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, etag, 'cache-control': 'no-cache' });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.RAW_PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
