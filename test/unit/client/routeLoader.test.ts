import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, createRouteLoader } from '../../../src/client/routeLoader.js';
import type { RouteModule, RoutePayload } from '../../../src/shared/types.js';

const docPayload = (path: string, chunk: string | null = `/_sipa/r${path}.js`): RoutePayload =>
  ({ meta: { title: 'T', description: '', path }, data: { kind: 'doc' }, chunk }) as unknown as RoutePayload;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const Component = () => null;

function setup(overrides: { fetchJson?: (url: string) => Promise<Response>; importChunk?: (url: string) => Promise<RouteModule> } = {}) {
  const fetchJson = vi.fn(overrides.fetchJson ?? (async (url: string) => json(docPayload(url.replace('/_sipa/routes', '').replace(/\.json$/, '')))));
  const importChunk = vi.fn(overrides.importChunk ?? (async () => ({ default: Component })));
  const loader = createRouteLoader({ baseUrl: '/', fetchJson, importChunk });
  return { loader, fetchJson, importChunk };
}

describe('createRouteLoader', () => {
  it('fetches the payload, then imports the chunk', async () => {
    const { loader, fetchJson, importChunk } = setup();
    const route = await loader.load('/docs/a');
    expect(fetchJson).toHaveBeenCalledWith('/_sipa/routes/docs/a.json');
    expect(importChunk).toHaveBeenCalledWith('/_sipa/r/docs/a.js');
    expect(route.payload.meta.path).toBe('/docs/a');
    expect(route.module.default).toBe(Component);
  });

  it('normalises the path and shares one load per route', async () => {
    const { loader, fetchJson } = setup();
    const [a, b] = await Promise.all([loader.load('/docs/a/'), loader.load('/docs/a.html')]);
    expect(a).toBe(b);
    await loader.load('/docs/a');
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('uses the base URL for payloads', async () => {
    const fetchJson = vi.fn(async () => json(docPayload('/x')));
    const loader = createRouteLoader({ baseUrl: '/sub/', fetchJson, importChunk: async () => ({ default: Component }) });
    await loader.load('/x');
    expect(fetchJson).toHaveBeenCalledWith('/sub/_sipa/routes/x.json');
  });

  it('turns a 404 into a notFound payload without a chunk', async () => {
    const { loader, importChunk } = setup({ fetchJson: async () => new Response('nope', { status: 404 }) });
    const route = await loader.load('/missing');
    expect(route.payload.data.kind).toBe('notFound');
    expect(route.payload.chunk).toBeNull();
    expect(route.payload.meta.path).toBe('/missing');
    expect(importChunk).not.toHaveBeenCalled();
  });

  it('rejects with an error on other non-OK answers', async () => {
    const { loader } = setup({ fetchJson: async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }) });
    const error = await loader.load('/docs/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toMatch(/Loading \/docs\/a failed.*500/);
  });

  it('rejects with a ChunkLoadError when the chunk fails to import', async () => {
    const { loader } = setup({
      importChunk: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    });
    const error = await loader.load('/docs/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).chunk).toBe('/_sipa/r/docs/a.js');
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('rejects naming the module when the chunk has no default export', async () => {
    const { loader } = setup({ importChunk: async () => ({}) });
    await expect(loader.load('/docs/a')).rejects.toThrow(/\/_sipa\/r\/docs\/a\.js has no default export/);
  });

  it('does not require a default export for routes without content', async () => {
    const payload = { meta: { title: 'T', description: '', path: '/tags' }, data: { kind: 'tagsList' }, chunk: null };
    const { loader } = setup({ fetchJson: async () => json(payload) });
    await expect(loader.load('/tags')).resolves.toMatchObject({ module: {} });
  });

  it('forgets failed loads so a retry fetches again', async () => {
    let fail = true;
    const { loader, fetchJson } = setup({
      fetchJson: async () => (fail ? new Response('', { status: 503 }) : json(docPayload('/docs/a'))),
    });
    await expect(loader.load('/docs/a')).rejects.toThrow();
    fail = false;
    await expect(loader.load('/docs/a')).resolves.toMatchObject({ payload: { meta: { path: '/docs/a' } } });
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });

  it('serves seeded routes from the cache', async () => {
    const { loader, fetchJson } = setup();
    const seeded = { payload: docPayload('/docs/seeded'), module: { default: Component } };
    loader.seed(seeded);
    expect(await loader.load('/docs/seeded/')).toBe(seeded);
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('loads a payload alone, and a later full load reuses it', async () => {
    const { loader, fetchJson, importChunk } = setup();
    const payload = await loader.payload('/docs/a/');
    expect(payload.chunk).toBe('/_sipa/r/docs/a.js');
    expect(importChunk).not.toHaveBeenCalled();
    expect(loader.hasRoute('/docs/a')).toBe(false);
    const route = await loader.load('/docs/a');
    expect(route.payload).toBe(payload);
    expect(loader.hasRoute('/docs/a')).toBe(true);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(importChunk).toHaveBeenCalledTimes(1);
  });

  it('shares a payload request in flight with a full load', async () => {
    const { loader, fetchJson } = setup();
    const [payload, route] = await Promise.all([loader.payload('/docs/a'), loader.load('/docs/a')]);
    expect(route.payload).toBe(payload);
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('keeps a payload when its chunk fails, so a retry imports the chunk again without fetching it', async () => {
    let fail = true;
    const { loader, fetchJson, importChunk } = setup({
      importChunk: async () => {
        if (fail) throw new TypeError('Failed to fetch dynamically imported module');
        return { default: Component };
      },
    });
    await expect(loader.load('/docs/a')).rejects.toBeInstanceOf(ChunkLoadError);
    expect(loader.hasRoute('/docs/a')).toBe(false);
    fail = false;
    await expect(loader.load('/docs/a')).resolves.toMatchObject({ module: { default: Component } });
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(importChunk).toHaveBeenCalledTimes(2);
  });

  it('serves the payload of a seeded route', async () => {
    const { loader, fetchJson } = setup();
    const seeded = { payload: docPayload('/docs/seeded'), module: { default: Component } };
    loader.seed(seeded);
    expect(await loader.payload('/docs/seeded')).toBe(seeded.payload);
    expect(loader.hasRoute('/docs/seeded')).toBe(true);
    expect(fetchJson).not.toHaveBeenCalled();
  });
});
