import { describe, expect, it } from 'vitest';
import { createPrefetcher } from '../../../src/client/prefetcher.js';
import { createRouteLoader } from '../../../src/client/routeLoader.js';
import type { RoutePayload } from '../../../src/shared/types.js';

const Component = () => null;
const chunkOf = (path: string) => `/_sipa/r${path}.js`;

/**
 * A prefetcher over a real route loader whose network is recorded: `fetched` lists payload and
 * chunk URLs in the order they were requested; idle tasks wait in a queue until `idle()` runs them.
 */
function setup({ allowed = true, fast = true, routes = (path: string) => path !== '/not-a-route', payloadDelay = (_path: string): number => 0 }: { allowed?: boolean; fast?: boolean; routes?: (path: string) => boolean; payloadDelay?: (path: string) => number } = {}) {
  const fetched: string[] = [];
  const idleTasks: Array<() => void> = [];
  const connection = { allowed, fast };
  const loader = createRouteLoader({
    baseUrl: '/',
    fetchJson: async (url) => {
      fetched.push(url);
      const path = url.replace('/_sipa/routes', '').replace(/\.json$/, '');
      await new Promise((resolve) => setTimeout(resolve, payloadDelay(path)));
      const payload = { meta: { title: 'T', description: '', path }, data: { kind: 'doc' }, chunk: chunkOf(path), sidebar: null };
      return new Response(JSON.stringify(payload), { status: 200 });
    },
    importChunk: async (url) => {
      fetched.push(url);
      return { default: Component };
    },
  });
  const prefetcher = createPrefetcher({
    loader,
    isRoute: async (path) => routes(path),
    allowed: () => connection.allowed,
    fast: () => connection.fast,
    whenIdle: (task) => void idleTasks.push(task),
    idleChunks: 2,
  });
  /** Runs idle tasks, and the ones they queue, until the network and the queue are quiet. */
  const idle = async () => {
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      idleTasks.splice(0).forEach((task) => task());
    }
  };
  const chunks = () => fetched.filter((url) => url.startsWith('/_sipa/r/'));
  const payloads = () => fetched.filter((url) => url.startsWith('/_sipa/routes/'));
  return { prefetcher, loader, fetched, idle, chunks, payloads, connection };
}

describe('createPrefetcher', () => {
  it('loads only the payload of a link in view, in idle time', async () => {
    const { prefetcher, idle, fetched, chunks, connection } = setup();
    connection.fast = false;
    prefetcher.visible('/docs/a');
    expect(fetched).toEqual([]);
    await idle();
    expect(fetched).toEqual(['/_sipa/routes/docs/a.json']);
    expect(chunks()).toEqual([]);
  });

  it('loads payload and chunk at once when the visitor shows interest, reusing a prefetched payload', async () => {
    const { prefetcher, idle, fetched, connection } = setup();
    connection.fast = false;
    prefetcher.visible('/docs/a');
    await idle();
    prefetcher.intent('/docs/a');
    prefetcher.intent('/docs/a');
    await idle();
    expect(fetched).toEqual(['/_sipa/routes/docs/a.json', '/_sipa/r/docs/a.js']);
  });

  it('loads nothing ahead when prefetching is not allowed (save-data, 2g)', async () => {
    const { prefetcher, idle, fetched } = setup({ allowed: false });
    prefetcher.visible('/docs/a');
    prefetcher.intent('/docs/b');
    await idle();
    expect(fetched).toEqual([]);
  });

  it('leaves paths that are no route to the click', async () => {
    const { prefetcher, idle, fetched } = setup();
    prefetcher.visible('/not-a-route');
    prefetcher.intent('/not-a-route');
    await idle();
    expect(fetched).toEqual([]);
  });

  it('on a fast connection, loads the chunks of the first links in view (2 here) once their payloads are in', async () => {
    // The first link's payload comes last: the idle chunks still follow the order of visibility.
    const { prefetcher, idle, chunks, payloads } = setup({ payloadDelay: (path) => (path === '/docs/1' ? 40 : 1) });
    for (let i = 1; i <= 6; i++) prefetcher.visible(`/docs/${i}`);
    await idle();
    expect(payloads()).toHaveLength(6);
    expect(chunks()).toEqual(['/_sipa/r/docs/1.js', '/_sipa/r/docs/2.js']);
  });

  it('counts only chunks it loads: routes already loaded are skipped', async () => {
    const { prefetcher, idle, chunks } = setup();
    prefetcher.intent('/docs/1');
    await idle();
    for (let i = 1; i <= 4; i++) prefetcher.visible(`/docs/${i}`);
    await idle();
    expect(chunks()).toEqual(['/_sipa/r/docs/1.js', '/_sipa/r/docs/2.js', '/_sipa/r/docs/3.js']);
  });

  it('gives each page shown its own idle chunks, and forgets the links of the page before', async () => {
    const { prefetcher, idle, chunks } = setup();
    for (let i = 1; i <= 4; i++) prefetcher.visible(`/docs/${i}`);
    await idle();
    expect(chunks()).toHaveLength(2);
    prefetcher.visible('/docs/5');
    await idle();
    expect(chunks()).toHaveLength(2);
    prefetcher.pageShown();
    await idle();
    // The links of the page before (3, 4, 5) are not loaded for the new page.
    expect(chunks()).toHaveLength(2);
    for (let i = 6; i <= 9; i++) prefetcher.visible(`/docs/${i}`);
    await idle();
    expect(chunks().slice(2)).toEqual(['/_sipa/r/docs/6.js', '/_sipa/r/docs/7.js']);
  });

  it('loads no chunk in idle time on a connection that is not fast', async () => {
    const { prefetcher, idle, chunks, payloads } = setup({ fast: false });
    for (let i = 1; i <= 3; i++) prefetcher.visible(`/docs/${i}`);
    await idle();
    expect(payloads()).toHaveLength(3);
    expect(chunks()).toEqual([]);
  });

  it('keeps quiet when a prefetched payload fails, and the route loads again later', async () => {
    let fail = true;
    const fetched: string[] = [];
    const idleTasks: Array<() => void> = [];
    const loader = createRouteLoader({
      baseUrl: '/',
      fetchJson: async (url) => {
        fetched.push(url);
        if (fail) return new Response('', { status: 503 });
        return new Response(JSON.stringify({ meta: { title: 'T', description: '', path: '/docs/a' }, data: { kind: 'doc' }, chunk: '/c.js', sidebar: null }));
      },
      importChunk: async () => ({ default: Component }),
    });
    const prefetcher = createPrefetcher({ loader, isRoute: async () => true, allowed: () => true, fast: () => true, whenIdle: (task) => void idleTasks.push(task) });
    prefetcher.visible('/docs/a');
    idleTasks.splice(0).forEach((task) => task());
    await new Promise((resolve) => setTimeout(resolve, 10));
    idleTasks.splice(0).forEach((task) => task());
    fail = false;
    await expect(loader.load('/docs/a')).resolves.toMatchObject({ payload: { chunk: '/c.js' } });
    expect(fetched).toHaveLength(2);
  });
});
