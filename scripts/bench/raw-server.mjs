// The baseline of `npm run bench`: a plain node:http server that answers each row with the bytes
// and headers the app answered (read from ROUTES), so that a row's ratio measures the app alone.
// A site's rows are keyed `site:` + path; a path a row walks (a crawler) falls back to `prefix*`.
import fs from 'node:fs';
import http from 'node:http';

const routes = JSON.parse(fs.readFileSync(process.env.ROUTES, 'utf8'));
for (const route of Object.values(routes)) {
  route.body = Buffer.from(route.body, 'base64');
  route.sized = route.headers.some((h, i) => i % 2 === 0 && /^content-length$/i.test(h));
}
const prefixes = Object.keys(routes).filter((key) => key.endsWith('*'));

http
  .createServer((req, res) => {
    const site = (req.headers.host ?? '').split(':')[0] === process.env.SITE_HOST;
    const key = (site ? 'site:' : '') + req.url;
    const prefix = prefixes.find((p) => key.startsWith(p.slice(0, -1)));
    const route = routes[key] ?? (prefix && routes[prefix]);
    if (!route) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(route.status, route.headers);
    if (route.sized) res.end(route.body);
    else {
      // Chunked, as the app sent it when it gave no length.
      res.write(route.body);
      res.end();
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
