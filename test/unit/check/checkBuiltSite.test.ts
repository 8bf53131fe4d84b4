import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkBuiltSite } from '../../../src/check/checkBuiltSite.js';
import { runningCheckServers, startCheckServer } from '../../../src/check/checkServer.js';

const dirs: string[] = [];

async function makeSite(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-check-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return dir;
}


const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('checkBuiltSite', () => {
  it('reports nothing for a clean site, skipping external and non-http links', async () => {
    const dir = await makeSite({
      'index.html': page(`
        <link rel="stylesheet" href="/assets/site-ABCDEFGH.css">
        <a href="/docs/">Docs</a> <a href="/blog/first">Post</a>
        <a href="/docs/intro#setup">Setup</a> <a href="#top">Top</a> <a href="#main">Main</a>
        <a href="https://example.com">External</a> <a href="https://example.com/missing#x">External 2</a>
        <a href="mailto:team@example.com">Mail</a>
        <img src="/img/logo.png" alt=""> <main id="main"></main>`),
      'docs/index.html': page('<a href="intro">Intro</a> <a href="../blog/first">Post</a>'),
      'docs/intro.html': page('<h2 id="setup">Setup</h2><a href="api">API</a><a href="#setup">again</a>'),
      'docs/api.html': page('<img srcset="/img/logo.png 1x, /img/logo@2x.png 2x" alt="">'),
      'blog/first.html': page('<a href="/">Home</a><a href="/docs/intro.html#setup">Setup</a>'),
      'assets/site-ABCDEFGH.css': 'body { background: url("/img/bg.png"); }',
      'img/logo.png': 'png',
      'img/logo@2x.png': 'png',
      'img/bg.png': 'png',
      '404.html': page('<a href="/">Home</a>'),
    });
    const result = await checkBuiltSite(dir);
    expect(result.broken).toEqual([]);
    // /, /docs/, /docs/intro, /docs/intro.html, /docs/api, /blog/first, /404 (every page is a start), the css, 3 images.
    expect(result.checked).toBe(11);
  });

  it('reports a broken link, a missing image and missing fragments with their pages', async () => {
    const dir = await makeSite({
      'index.html': page(`
        <a href="/docs/a">A</a> <a href="/docs/b">B</a> <a href="#nowhere">self</a>
        <a href="https://example.com/gone">External</a> <img src="/img/missing.png" alt="">`),
      'docs/a.html': page(`
        <h2 id="here">A</h2>
        <a href="/docs/missing">missing page</a>
        <a href="b#not-on-b">bad fragment</a>
        <a href="b#on-b">good fragment</a>`),
      // Links to /docs/a (fetched long before) with a bad fragment, and to c first
      // without, then with a bad fragment.
      'docs/b.html': page(`
        <h2 id="on-b">B</h2>
        <a href="a#not-on-a">bad fragment</a> <a href="a#here">good fragment</a>
        <a href="c">C</a> <a href="c#not-on-c">bad fragment</a>
        <a href="#gone">same page</a>`),
      'docs/c.html': page('<p>C</p>'),
    });
    const result = await checkBuiltSite(dir, { concurrency: 10 });
    expect(result.broken).toEqual([
      { url: '/#nowhere', status: 200, parent: '/' },
      { url: '/img/missing.png', status: 404, parent: '/' },
      { url: '/docs/b#not-on-b', status: 200, parent: '/docs/a' },
      { url: '/docs/missing', status: 404, parent: '/docs/a' },
      { url: '/docs/a#not-on-a', status: 200, parent: '/docs/b' },
      { url: '/docs/b#gone', status: 200, parent: '/docs/b' },
      { url: '/docs/c#not-on-c', status: 200, parent: '/docs/b' },
    ]);
  });

  it('reports a broken link once per page that contains it', async () => {
    const dir = await makeSite({
      'index.html': page('<a href="/a">A</a><a href="/b">B</a><a href="/gone">gone</a>'),
      'a.html': page('<a href="/gone">gone</a>'),
      'b.html': page('<a href="/gone">gone</a><a href="/gone">again</a>'),
    });
    const { broken } = await checkBuiltSite(dir);
    expect(broken).toEqual([
      { url: '/gone', status: 404, parent: '/' },
      { url: '/gone', status: 404, parent: '/a' },
      { url: '/gone', status: 404, parent: '/b' },
    ]);
  });

  it('takes no link from url() inside a data URI or naming a fragment, in style sheets and in pages', async () => {
    // What a style sheet holds: SVG images written into data URIs (raw and percent-encoded), an
    // SVG mask by fragment, and one real image that is missing.
    const css = [
      `.a { background: url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'><g clip-path='url(#clip0)'></g></svg>"); }`,
      `.b { background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Cg clip-path='url(%23clip1)'%3E%3C/g%3E%3C/svg%3E"); }`,
      '.c { mask: url(#mask2); }',
      '.d { background: url("/img/missing-bg.png"); }',
    ].join('\n');
    const dir = await makeSite({
      'index.html': page(`<link rel="stylesheet" href="/_sipa/site.css"><style>${css}</style><a href="/docs/a">A</a>`),
      'docs/a.html': page(`<link rel="stylesheet" href="/_sipa/site.css"><style>${css}</style><a href="/">Home</a>`),
      '_sipa/site.css': css,
    });
    const { broken } = await checkBuiltSite(dir);
    expect(broken.map((link) => link.url)).not.toContain('/%23clip1');
    expect(broken.map((link) => link.url)).not.toContain('/docs/%23clip1');
    expect(broken.map((link) => link.url)).not.toContain('/_sipa/%23clip1');
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.every((link) => link.url === '/img/missing-bg.png')).toBe(true);
  });

  it('reports a missing start page', async () => {
    const dir = await makeSite({ 'other.html': page('x') });
    expect((await checkBuiltSite(dir)).broken).toEqual([{ url: '/', status: 404 }]);
  });

  it('rejects a directory that does not exist with OUTPUT_NOT_FOUND', async () => {
    await expect(checkBuiltSite(path.join(os.tmpdir(), 'sipadocs-no-such-dir'))).rejects.toMatchObject({
      name: 'SiteError',
      code: 'OUTPUT_NOT_FOUND',
    });
  });

  it('closes its server, also when the check fails', async () => {
    const dir = await makeSite({ 'index.html': page('<a href="/x">x</a>'), 'x.html': page('x') });
    await checkBuiltSite(dir);
    expect(runningCheckServers()).toBe(0);

    // A page whose body breaks off while it is read.
    const broken = () => new Response(new ReadableStream({ start: (controller) => controller.error(new Error('crawl failed')) }), { headers: { 'content-type': 'text/html' } });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => broken());
    await expect(checkBuiltSite(dir)).rejects.toThrow('crawl failed');
    expect(runningCheckServers()).toBe(0);
  });

  it('serves the folder it checks only to its own requests, whatever the Host of others', async () => {
    // Any folder may be given (the home folder, by mistake): a page of another site whose name
    // was made to point here must not read it while the check runs.
    const dir = await makeSite({ 'index.html': page('home'), '.ssh/id_rsa': 'secret key' });
    const server = await startCheckServer(dir, '/');
    try {
      const port = Number(new URL(server.origin).port);
      const get = (target: string, host: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: target, headers: { host }, agent: false }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          }).on('error', reject);
        });
      for (const host of ['evil.example', `evil.example:${port}`, `localhost:${port}`, `127.0.0.1:${port + 1}`]) {
        for (const target of ['/', '/.ssh/id_rsa']) {
          const answer = await get(target, host);
          expect(answer.status, `${host}${target}`).toBe(403);
          expect(answer.body).not.toContain('secret');
        }
      }
      expect((await get('/', `127.0.0.1:${port}`)).status).toBe(200);
    } finally {
      await server.close();
    }
    expect(runningCheckServers()).toBe(0);
  });
});
