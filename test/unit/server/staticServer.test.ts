import { gunzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closeServer,
  createStaticServer,
  listenOnFreePort,
  type StaticServerOptions,
} from '../../../src/server/staticServer.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const SECRET = 'TOP-SECRET-OUTSIDE-ROOT';

let base: string;
let root: string;
const servers: http.Server[] = [];

async function writeFiles(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/** Starts a server on a free port and returns its port. */
async function start(options: Partial<StaticServerOptions> = {}): Promise<number> {
  const server = createStaticServer({ root, ...options });
  servers.push(server);
  return (await listenOnFreePort(server, { port: 0 })).port;
}

/** Sends `target` literally (no URL normalisation, unlike fetch). */
function request(
  port: number,
  target: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes a raw HTTP/1.1 request on a socket and returns everything the server sent. */
function rawExchange(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-static-'));
  root = path.join(base, 'site');
  await writeFile(path.join(base, 'secret.txt'), SECRET);
  await mkdir(path.join(base, 'outside-dir'));
  await writeFile(path.join(base, 'outside-dir', 'inner.html'), SECRET);
  await writeFiles(root, {
    'index.html': '<h1>Home</h1>',
    '404.html': '<h1>Lost</h1>',
    'about.html': '<h1>About</h1>',
    'docs/index.html': '<h1>Docs</h1>',
    'docs/guide.html': '<h1>Guide</h1>',
    'docs/api/index.html': '<h1>API</h1>',
    'empty/readme.txt': 'no index here',
    'robots.txt': 'User-agent: *',
    'data.json': '{"a":1}',
    'assets/main-ABCDEFGH.js': 'console.log(1)',
    'assets/main-ABCDEFGH.js.map': '{}',
    'assets/chunk-7XK2QZ4M9P.css': 'a{}',
    'assets/logo-ABCDEFGH.svg': '<svg/>',
    'assets/app.js': 'console.log(2)',
    'assets/chunk-abcdefgh.js': 'console.log(3)',
    'assets/font-ABCDEFGH.woff2': Buffer.from([0, 1, 2]),
  });
  await symlink(path.join(base, 'secret.txt'), path.join(root, 'leak.txt'));
  await symlink(path.join(base, 'outside-dir'), path.join(root, 'leakdir'));
  await symlink(path.join(root, 'about.html'), path.join(root, 'alias.html'));
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map(closeServer));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('URL mapping', () => {
  it.each([
    ['/', '<h1>Home</h1>'],
    ['/index.html', '<h1>Home</h1>'],
    ['/about', '<h1>About</h1>'],
    ['/about.html', '<h1>About</h1>'],
    ['/about?x=1', '<h1>About</h1>'],
    ['/docs/', '<h1>Docs</h1>'],
    ['/docs/index.html', '<h1>Docs</h1>'],
    ['/docs/guide', '<h1>Guide</h1>'],
    ['/docs/api/', '<h1>API</h1>'],
    ['/robots.txt', 'User-agent: *'],
    ['/data.json', '{"a":1}'],
    ['/alias', '<h1>About</h1>'],
  ])('serves %s', async (target, body) => {
    const port = await start();
    const res = await request(port, target);
    expect(res.status).toBe(200);
    expect(res.body).toBe(body);
  });

  it('redirects a directory with an index to its slash form, keeping the query', async () => {
    const port = await start();
    const res = await request(port, '/docs/api?q=1?x=2');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/docs/api/?q=1?x=2');
  });

  it('serves 404.html with status 404 for unknown paths', async () => {
    const port = await start();
    for (const target of ['/nope', '/nope/', '/docs/nope.html', '/about/']) {
      const res = await request(port, target);
      expect(res.status, target).toBe(404);
      expect(res.body).toBe('<h1>Lost</h1>');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers plain "Not found" when there is no 404.html', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-bare-'));
    try {
      await writeFile(path.join(bare, 'index.html'), 'hi');
      const server = createStaticServer({ root: bare });
      servers.push(server);
      const { port } = await listenOnFreePort(server, { port: 0 });
      const res = await request(port, '/missing');
      expect(res.status).toBe(404);
      expect(res.body.trim()).toBe('Not found');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('never lists a directory', async () => {
    const port = await start();
    for (const target of ['/empty', '/empty/', '/assets/']) {
      const res = await request(port, target);
      expect(res.status, target).toBe(404);
      expect(res.body).not.toContain('readme.txt');
      expect(res.body).not.toContain('main-ABCDEFGH');
    }
  });

  it('serves the current contents of the disk', async () => {
    const port = await start();
    await writeFile(path.join(root, 'changing.txt'), 'one');
    expect((await request(port, '/changing.txt')).body).toBe('one');
    await writeFile(path.join(root, 'changing.txt'), 'two!');
    expect((await request(port, '/changing.txt')).body).toBe('two!');
    await rm(path.join(root, 'changing.txt'));
    expect((await request(port, '/changing.txt')).status).toBe(404);
  });
});

describe('a site built for a base URL', () => {
  it('serves the root at the base URL as a static host serves a project site', async () => {
    const port = await start({ baseUrl: '/sub/' });
    for (const [target, body] of [['/sub/', '<h1>Home</h1>'], ['/sub/about', '<h1>About</h1>'], ['/sub/docs/guide', '<h1>Guide</h1>'], ['/sub/docs/', '<h1>Docs</h1>']]) {
      const res = await request(port, target!);
      expect([target, res.status, res.body]).toEqual([target, 200, body]);
    }
    // Unknown pages under it get the site's 404 page; directories redirect under it.
    expect(await request(port, '/sub/nope')).toMatchObject({ status: 404, body: '<h1>Lost</h1>' });
    expect((await request(port, '/sub/docs/api?q=1')).headers.location).toBe('/sub/docs/api/?q=1');
    expect(await request(port, '/sub?q=1')).toMatchObject({ status: 301, headers: expect.objectContaining({ location: '/sub/?q=1' }) });
  });

  it('answers every path outside it with a plain 404, the root included unless asked to redirect', async () => {
    const port = await start({ baseUrl: '/sub/' });
    for (const target of ['/', '/about', '/index.html', '/subway', '/assets/app.js']) {
      const res = await request(port, target);
      expect([target, res.status]).toEqual([target, 404]);
      expect(res.body).not.toContain('Lost');
    }
    const redirecting = await start({ baseUrl: '/sub/', redirectRootToBase: true });
    expect(await request(redirecting, '/')).toMatchObject({ status: 302, headers: expect.objectContaining({ location: '/sub/' }) });
    expect((await request(redirecting, '/about')).status).toBe(404);
  });

  it('reads the base URL for each request when given a function', async () => {
    let baseUrl = '/one/';
    const port = await start({ baseUrl: () => baseUrl });
    expect((await request(port, '/one/about')).status).toBe(200);
    baseUrl = '/two/';
    expect((await request(port, '/one/about')).status).toBe(404);
    expect((await request(port, '/two/about')).status).toBe(200);
  });
});

describe('headers', () => {
  it.each([
    ['page.html', 'text/html; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['app.js', 'text/javascript; charset=utf-8'],
    ['mod.mjs', 'text/javascript; charset=utf-8'],
    ['data.json', 'application/json; charset=utf-8'],
    ['icon.svg', 'image/svg+xml; charset=utf-8'],
    ['img.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['anim.gif', 'image/gif'],
    ['pic.webp', 'image/webp'],
    ['favicon.ico', 'image/x-icon'],
    ['font.woff2', 'font/woff2'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['feed.xml', 'application/xml; charset=utf-8'],
    ['app.js.map', 'application/json; charset=utf-8'],
    ['lib.wasm', 'application/wasm'],
    ['archive.bin', 'application/octet-stream'],
    ['NOEXT', 'application/octet-stream'],
  ])('content type of %s is %s', async (name, type) => {
    await writeFiles(root, { [`types/${name}`]: 'x' });
    const port = await start();
    const res = await request(port, `/types/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it.each([
    ['/assets/main-ABCDEFGH.js', 'public, max-age=31536000, immutable'],
    ['/assets/main-ABCDEFGH.js.map', 'public, max-age=31536000, immutable'],
    ['/assets/chunk-7XK2QZ4M9P.css', 'public, max-age=31536000, immutable'],
    ['/assets/logo-ABCDEFGH.svg', 'public, max-age=31536000, immutable'],
    ['/assets/font-ABCDEFGH.woff2', 'public, max-age=31536000, immutable'],
    ['/assets/app.js', 'no-cache'],
    ['/assets/chunk-abcdefgh.js', 'no-cache'],
    ['/robots.txt', 'no-cache'],
    ['/', 'no-cache'],
    ['/about', 'no-cache'],
    ['/nope', 'no-cache'],
  ])('Cache-Control of %s is %s', async (target, cacheControl) => {
    const port = await start();
    expect((await request(port, target)).headers['cache-control']).toBe(cacheControl);
  });

  it('sends nosniff and a referrer policy with every response, and the headers of a _headers file by path', async () => {
    const port = await start();
    // Without a _headers file: the two base headers only.
    for (const target of ['/', '/robots.txt', '/nope', '/docs', '/%2e%2e/secret.txt']) {
      const res = await request(port, target);
      expect(res.headers['x-content-type-options'], target).toBe('nosniff');
      expect(res.headers['referrer-policy'], target).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy'], target).toBeUndefined();
    }
    await writeFiles(root, {
      _headers: "# site headers\n/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n/docs/*\n  X-Robots-Tag: noindex\n  X-Frame-Options: SAMEORIGIN\n",
    });
    try {
      for (const [target, status] of [['/', 200], ['/nope', 404], ['/docs', 301], ['/docs/guide', 200]] as const) {
        const res = await request(port, target);
        expect(res.status, target).toBe(status);
        expect(res.headers['content-security-policy'], target).toBe("default-src 'self'");
        expect(res.headers['x-content-type-options'], target).toBe('nosniff');
      }
      const guide = await request(port, '/docs/guide');
      expect(guide.headers['x-robots-tag']).toBe('noindex');
      // A header set by two matching rules gets both values.
      expect(guide.headers['x-frame-options']).toBe('DENY, SAMEORIGIN');
      expect((await request(port, '/about')).headers['x-robots-tag']).toBeUndefined();
      // Read by the server, not published, as static hosts do.
      for (const target of ['/_headers', '/%5Fheaders', '/_headers?x=1']) {
        const headersFile = await request(port, target);
        expect(headersFile.status, target).toBe(404);
        expect(headersFile.body, target).toBe('<h1>Lost</h1>');
      }
    } finally {
      await rm(path.join(root, '_headers'));
    }
    expect((await request(port, '/')).headers['content-security-policy']).toBeUndefined();
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const port = await start();
    const first = await request(port, '/about');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    for (const ifNoneMatch of [etag!, `"x", ${etag}`, etag!.replace(/^W\//, ''), '*']) {
      const res = await request(port, '/about', { headers: { 'If-None-Match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await request(port, '/about', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('gzips text for clients that accept it, with its own ETag, and leaves others and small files alone', async () => {
    const big = `<!doctype html><p>${'compress me '.repeat(500)}</p>`;
    await writeFiles(root, { 'big.html': big, 'tiny.txt': 'hi' });
    const port = await start();
    const plain = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/big', headers: { 'Accept-Encoding': 'gzip, br' }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(plain.headers['content-encoding']).toBe('gzip');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(plain.body).toString('utf8')).toBe(big);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const identity = await request(port, '/big');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(big);
    expect(identity.headers.etag).not.toBe(plain.headers.etag);
    const tiny = await request(port, '/tiny.txt', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('changes the ETag when the file changes', async () => {
    const port = await start();
    await writeFile(path.join(root, 'etag.txt'), 'v1');
    const before = (await request(port, '/etag.txt')).headers.etag!;
    await writeFile(path.join(root, 'etag.txt'), 'v22');
    await utimes(path.join(root, 'etag.txt'), new Date(), new Date(Date.now() + 5000));
    const res = await request(port, '/etag.txt', { headers: { 'If-None-Match': before } });
    expect(res.status).toBe(200);
    expect(res.body).toBe('v22');
    expect(res.headers.etag).not.toBe(before);
  });
});

describe('methods', () => {
  it('answers HEAD with the GET headers and no body', async () => {
    const port = await start();
    const get = await request(port, '/about');
    const head = await rawExchange(port, 'HEAD /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const [headerBlock, body] = head.split('\r\n\r\n');
    expect(headerBlock).toMatch(/^HTTP\/1\.1 200/);
    expect(body).toBe('');
    expect(headerBlock).toContain(`Content-Length: ${get.body.length}`);
    expect(headerBlock).toContain('Content-Type: text/html; charset=utf-8');
    expect(headerBlock).toContain(`ETag: ${get.headers.etag}`);
    expect(headerBlock).toContain('Cache-Control: no-cache');
  });

  it('answers HEAD on a missing page with 404 and no body', async () => {
    const port = await start();
    const head = await rawExchange(port, 'HEAD /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 404/);
    expect(head.split('\r\n\r\n')[1]).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s with 405 and Allow', async (method) => {
    const port = await start();
    const res = await request(port, '/about', { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('safety', () => {
  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..\\secret.txt',
    '/..%5csecret.txt',
    '/docs/../../secret.txt',
    '/./../secret.txt',
    '//etc/passwd',
    '/%2fetc/passwd',
    '/%00',
    '/a%00.html',
    '/about%00',
    '/%E0%A4%A',
    '/%',
    'http://127.0.0.1/../secret.txt',
  ])('refuses %s with 400', async (target) => {
    const port = await start();
    const res = await request(port, target);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('root:');
  });

  it.each(['/leak.txt', '/leakdir/inner.html', '/leakdir/inner'])(
    'treats %s, a symlink to outside the root, as missing',
    async (target) => {
      const port = await start();
      const res = await request(port, target);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain(SECRET);
    },
  );

  it('refuses traversal sent on a raw socket', async () => {
    const port = await start();
    const res = await rawExchange(port, 'GET /../secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res).toMatch(/^HTTP\/1\.1 40[04]/);
    expect(res).not.toContain(SECRET);
  });

  it('serves a symlink that stays inside the root', async () => {
    const port = await start();
    expect((await request(port, '/alias.html')).body).toBe('<h1>About</h1>');
  });
});

describe('extension points', () => {
  it('lets extraHandler take requests, any method, and fall through otherwise', async () => {
    const port = await start({
      extraHandler: (req, res) => {
        if (req.url !== '/__events') return false;
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(`handled ${req.method}`);
        return true;
      },
    });
    expect((await request(port, '/__events')).body).toBe('handled GET');
    expect((await request(port, '/__events', { method: 'POST' })).body).toBe('handled POST');
    expect((await request(port, '/about')).body).toBe('<h1>About</h1>');
  });

  it('accepts an async extraHandler and answers 500 when it throws', async () => {
    const port = await start({
      extraHandler: async (req) => {
        if (req.url === '/boom') throw new Error('boom');
        return false;
      },
    });
    expect((await request(port, '/boom')).status).toBe(500);
    expect((await request(port, '/')).status).toBe(200);
  });

  it('gives transformed HTML an ETag per server run, so a changed transform is not served from cache', async () => {
    const transformHtml = (html: string) => html;
    const first = (await request(await start({ transformHtml }), '/about')).headers.etag;
    const second = (await request(await start({ transformHtml }), '/about')).headers.etag;
    expect(first).not.toBe(second);
    const plainFirst = (await request(await start(), '/about')).headers.etag;
    const plainSecond = (await request(await start(), '/about')).headers.etag;
    expect(plainFirst).toBe(plainSecond);
  });

  it('passes HTML (also the 404 page) through transformHtml, with a matching Content-Length', async () => {
    const seen: string[] = [];
    const port = await start({
      transformHtml: (html, urlPath) => {
        seen.push(urlPath);
        return html.replace('</h1>', '</h1><script>reload()</script>');
      },
    });
    const page = await request(port, '/docs/guide');
    expect(page.body).toBe('<h1>Guide</h1><script>reload()</script>');
    expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(page.body));
    const missing = await request(port, '/gone');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('<h1>Lost</h1><script>reload()</script>');
    expect((await request(port, '/robots.txt')).body).toBe('User-agent: *');
    expect(seen).toEqual(['/docs/guide', '/gone']);
  });
});

describe('listenOnFreePort', () => {
  /** Occupies a port whose successor is free at the time of the call. */
  async function occupyPortWithFreeSuccessor(): Promise<{ blocker: net.Server; port: number }> {
    for (;;) {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as net.AddressInfo).port;
      const probe = net.createServer();
      const free = await new Promise<boolean>((resolve) => {
        probe.once('error', () => resolve(false));
        probe.listen(port + 1, '127.0.0.1', () => probe.close(() => resolve(true)));
      });
      if (free) return { blocker, port };
      await new Promise((resolve) => blocker.close(resolve));
    }
  }

  it('uses the next port when the requested one is taken', async () => {
    const { blocker, port } = await occupyPortWithFreeSuccessor();
    try {
      const server = createStaticServer({ root });
      servers.push(server);
      const result = await listenOnFreePort(server, { port });
      expect(result).toEqual({ port: port + 1, url: `http://127.0.0.1:${port + 1}/` });
      expect((await request(result.port, '/about')).status).toBe(200);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('listens on an IPv6 address written in brackets, as in a URL ("[::1]"), or without them', async () => {
    for (const host of ['[::1]', '::1']) {
      const server = createStaticServer({ root });
      servers.push(server);
      const result = await listenOnFreePort(server, { host, port: 0 });
      expect(result.url).toBe(`http://[::1]:${result.port}/`);
      expect((await fetch(`${result.url}about`)).status).toBe(200);
    }
  });

  it('uses the requested port when it is free', async () => {
    const { blocker, port } = await occupyPortWithFreeSuccessor();
    await new Promise((resolve) => blocker.close(resolve));
    const server = createStaticServer({ root });
    servers.push(server);
    expect((await listenOnFreePort(server, { port })).port).toBe(port);
  });

  it('stops at port 65535 instead of trying a port that does not exist', async () => {
    const blocker = net.createServer();
    // Taken by this test, or already by someone else: either way it is not free.
    await new Promise<void>((resolve) => blocker.once('error', () => resolve()).listen(65535, '127.0.0.1', () => resolve()));
    try {
      const server = createStaticServer({ root });
      servers.push(server);
      await expect(listenOnFreePort(server, { port: 65535 })).rejects.toThrow('No free port between 65535 and 65535');
    } finally {
      if (blocker.listening) await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('rejects when no port within maxTries is free', async () => {
    const { blocker, port } = await occupyPortWithFreeSuccessor();
    try {
      const server = createStaticServer({ root });
      servers.push(server);
      await expect(listenOnFreePort(server, { port, maxTries: 1 })).rejects.toThrow(/No free port/);
      expect(server.listening).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('closeServer', () => {
  it('closes keep-alive connections too', async () => {
    const port = await start();
    const agent = new http.Agent({ keepAlive: true });
    try {
      let responded!: () => void;
      const answered = new Promise<void>((resolve) => (responded = resolve));
      const socketClosed = new Promise<void>((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: '/about', agent }, (res) => {
            res.socket.once('close', () => resolve());
            res.resume();
            res.once('end', responded);
          })
          .end();
      });
      // The connection is open and idle (kept alive) once the answer is read, however busy the machine.
      await answered;
      const server = servers.pop()!;
      const started = Date.now();
      await closeServer(server);
      await socketClosed;
      expect(Date.now() - started).toBeLessThan(2000);
      expect(server.listening).toBe(false);
    } finally {
      agent.destroy();
    }
  });

  it('resolves for a server that is not listening', async () => {
    await expect(closeServer(createStaticServer({ root }))).resolves.toBeUndefined();
  });
});
