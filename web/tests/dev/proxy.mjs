// Dev helper: serves web/ from disk (so a page edit needs no rebuild of the binary) and
// passes /api/* (HTTP and WebSocket) on to a running `tabla serve`.
// node dev/proxy.mjs [listen-port] [backend host:port]
import http from 'node:http';
import net from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const port = Number(process.argv[2] || 8741);
const [bh, bp] = (process.argv[3] || '127.0.0.1:8740').split(':');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

const server = http.createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path.startsWith('/api/')) {
    const up = http.request({ host: bh, port: bp, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end('{"error":"backend down"}');
    });
    req.pipe(up);
    return;
  }
  // `/lab/NAME` is the page, `/lab/NAME.json` a file (as the server tells them apart).
  const rel = path === '/' || /^\/(g\/[^/]+|learn(\/[^/]+)?|analysis(\/[^/]+)?|lab(\/[^/.]+)?)\/?$/.test(path) ? 'index.html' : normalize(path).replace(/^\/+/, '');
  try {
    const body = await readFile(join(root, rel));
    res.writeHead(200, { 'Content-Type': types[extname(rel)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end('no such file');
  }
});
server.on('upgrade', (req, sock, head) => {
  const up = net.connect(Number(bp), bh, () => {
    up.write(`${req.method} ${req.url} HTTP/1.1\r\n` + Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n') + '\r\n\r\n');
    if (head && head.length) up.write(head);
    up.pipe(sock);
    sock.pipe(up);
  });
  up.on('error', () => sock.destroy());
  sock.on('error', () => up.destroy());
});
server.listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}/ -> ${bh}:${bp}`));
