import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveReload, EVENTS_PATH, SCRIPT_PATH, type LiveReload } from '../../../src/dev/liveReload.js';
import { closeServer, listenOnFreePort } from '../../../src/server/staticServer.js';

let server: http.Server | undefined;
let live: LiveReload | undefined;

afterEach(async () => {
  live?.close();
  if (server) await closeServer(server);
  server = undefined;
});

async function start(): Promise<string> {
  live = createLiveReload();
  server = http.createServer((req, res) => {
    if (!live!.handle(req, res)) res.writeHead(404).end();
  });
  return (await listenOnFreePort(server, { port: 0 })).url;
}

/** Reads SSE events from the stream until `count` named events arrived. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<{ event: string; data: unknown }[]> {
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  return events;
}

describe('live reload', () => {
  it('adds the client script before </body> as a file (no inline code), with the current build id', () => {
    const lr = createLiveReload();
    const html = lr.transformHtml('<html><body><p>x</p></body></html>');
    expect(html).toBe(`<html><body><p>x</p><script src="${SCRIPT_PATH}" data-build="1"></script></body></html>`);
    lr.built('all');
    expect(lr.transformHtml('<body></body>')).toContain('data-build="2"');
    expect(lr.transformHtml('no body')).toMatch(/^no body<script src=/);
    lr.close();
  });

  it('serves the client script, which reads its build id from its tag and listens to the events', async () => {
    const url = await start();
    const response = await fetch(new URL(SCRIPT_PATH, url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const code = await response.text();
    expect(code).toContain(`new EventSource('${EVENTS_PATH}')`);
    expect(code).toContain('document.currentScript');
    expect(code).toContain('Number(tag.dataset.build)');
  });

  it('streams hello, reload, update, css and build-error events', async () => {
    const url = await start();
    const response = await fetch(new URL(EVENTS_PATH, url));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    expect(await readEvents(reader, 1)).toEqual([{ event: 'hello', data: { build: 1, error: null } }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(live!.clients).toBe(1);
    live!.failed('docs/a.mdx:3:1: error MDX_SYNTAX: bad');
    live!.built('css'); // css-only, but after an error: full reload
    live!.built('css');
    live!.built('all');
    live!.failed('docs/a.mdx:4:1: error MDX_SYNTAX: bad');
    live!.built('content'); // pages only: shown in place, after an error too
    expect(await readEvents(reader, 6)).toEqual([
      { event: 'build-error', data: { build: 1, error: 'docs/a.mdx:3:1: error MDX_SYNTAX: bad' } },
      { event: 'reload', data: { build: 2 } },
      { event: 'css', data: { build: 3 } },
      { event: 'reload', data: { build: 4 } },
      { event: 'build-error', data: { build: 4, error: 'docs/a.mdx:4:1: error MDX_SYNTAX: bad' } },
      { event: 'update', data: { build: 5 } },
    ]);
    await reader.cancel();
  });

  it('tells a tab that connects while the build is broken about the error', async () => {
    const url = await start();
    live!.failed('boom');
    const response = await fetch(new URL(EVENTS_PATH, url));
    const reader = response.body!.getReader();
    expect(await readEvents(reader, 1)).toEqual([{ event: 'hello', data: { build: 1, error: 'boom' } }]);
    await reader.cancel();
  });

  it('leaves other paths to the static server and refuses other methods', async () => {
    const url = await start();
    expect((await fetch(new URL('/docs', url))).status).toBe(404);
    expect((await fetch(new URL(EVENTS_PATH, url), { method: 'POST' })).status).toBe(405);
  });
});
