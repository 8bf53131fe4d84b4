// Live reload over Server-Sent Events: an event stream at EVENTS_PATH and a small client script
// at SCRIPT_PATH that every HTML page loads. Events: `hello` (on connect: build id and current
// error), `reload`, `update` (pages changed: the page's runtime shows the new content in place),
// `css` (swap stylesheets in place), `build-error` (show the overlay).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_CHANGED_EVENT } from '../shared/liveUpdate.js';

/** Every watch-mode endpoint starts with this. */
export const WATCH_PATH_PREFIX = '/__sipa/';
export const EVENTS_PATH = `${WATCH_PATH_PREFIX}events`;
/** The client script is a file rather than inline code, so the site's Content-Security-Policy allows it as it is. */
export const SCRIPT_PATH = `${WATCH_PATH_PREFIX}live-reload.js`;

export interface LiveReload {
  /** For createStaticServer's extraHandler: serves the event stream and the client script. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** For createStaticServer's transformHtml: adds the client script, with the current build id. */
  transformHtml(html: string): string;
  /**
   * A new good build: open tabs reload (`all`), show their route's new content in place
   * (`content`: only pages changed, not the code or styles every page loads) or swap their
   * stylesheets (`css`).
   */
  built(change: BuildChange): void;
  /** A failed build: show the message in an overlay in open tabs. */
  failed(message: string): void;
  /** Number of connected tabs. */
  readonly clients: number;
  /** Ends every event stream. */
  close(): void;
}

/** What a rebuild changed, as far as open tabs are concerned. */
export type BuildChange = 'all' | 'content' | 'css';

export function createLiveReload(): LiveReload {
  const clients = new Set<ServerResponse>();
  let build = 1;
  let error: string | null = null;
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, 15_000);
  heartbeat.unref();

  const send = (res: ServerResponse, event: string, data: unknown) => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const broadcast = (event: string, data: unknown) => {
    for (const res of clients) send(res, event, data);
  };

  return {
    handle(req, res) {
      const url = (req.url ?? '').split('?')[0];
      if (url === SCRIPT_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        res.writeHead(200, {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Content-Length': Buffer.byteLength(CLIENT_SCRIPT),
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : CLIENT_SCRIPT);
        return true;
      }
      if (url !== EVENTS_PATH) return false;
      if (req.method !== 'GET') {
        res.writeHead(405, { Allow: 'GET' }).end();
        return true;
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write('retry: 500\n\n');
      send(res, 'hello', { build, error });
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
    transformHtml(html) {
      const tag = `<script src="${SCRIPT_PATH}" data-build="${build}"></script>`;
      const at = html.lastIndexOf('</body>');
      return at === -1 ? html + tag : html.slice(0, at) + tag + html.slice(at);
    },
    built(change) {
      build++;
      const hadError = error !== null;
      error = null;
      // After a failed build, files other than the stylesheet may have changed since the page's build.
      if (change === 'css' && !hadError) broadcast('css', { build });
      else if (change === 'content') broadcast('update', { build });
      else broadcast('reload', { build });
    },
    failed(message) {
      error = message;
      broadcast('build-error', { build, error });
    },
    get clients() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

/** Runs in the browser; kept dependency-free and small. The page's build id is on its script tag. */
const CLIENT_SCRIPT = `(() => {
  const KEY = '__sipa_scroll';
  const tag = document.currentScript;
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
    sessionStorage.removeItem(KEY);
    if (saved && saved.path === location.pathname) {
      const go = () => window.scrollTo(saved.x, saved.y);
      if (document.readyState === 'complete') go(); else addEventListener('load', go, { once: true });
      requestAnimationFrame(go);
    }
  } catch {}
  let build = Number(tag.dataset.build);
  const reload = () => {
    try { sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname, x: scrollX, y: scrollY })); } catch {}
    location.reload();
  };
  const hide = () => document.getElementById('__sipa-overlay')?.remove();
  const show = (message) => {
    let el = document.getElementById('__sipa-overlay');
    if (!el) {
      el = document.createElement('div');
      el.id = '__sipa-overlay';
      el.setAttribute('role', 'alert');
      el.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,20,.92);color:#fff;padding:2rem;overflow:auto;font:14px/1.5 ui-monospace,monospace';
      const title = document.createElement('div');
      title.textContent = 'Build failed (the last good build is still served):';
      title.style.cssText = 'color:#ff8080;font-weight:bold;margin-bottom:1rem';
      const pre = document.createElement('pre');
      pre.style.cssText = 'white-space:pre-wrap;margin:0';
      el.append(title, pre);
      document.body.append(el);
    }
    el.querySelector('pre').textContent = message;
  };
  const swapCss = async () => {
    try {
      const html = await (await fetch(location.href, { cache: 'no-store' })).text();
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const fresh = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
      const old = [...document.querySelectorAll('link[rel="stylesheet"]')];
      const keep = new Set(old.map((l) => l.getAttribute('href')));
      await Promise.all(fresh.filter((h) => !keep.has(h)).map((href) => new Promise((resolve) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = link.onerror = resolve;
        document.head.append(link);
      })));
      const want = new Set(fresh);
      old.forEach((l) => { if (!want.has(l.getAttribute('href'))) l.remove(); });
    } catch { reload(); }
  };
  const es = new EventSource('${EVENTS_PATH}');
  es.addEventListener('hello', (e) => {
    const d = JSON.parse(e.data);
    if (d.build !== build) return reload();
    build = d.build;
    if (d.error) show(d.error); else hide();
  });
  es.addEventListener('reload', reload);
  es.addEventListener('update', (e) => {
    build = JSON.parse(e.data).build;
    hide();
    // The page's runtime cancels the event when it shows the new content itself.
    if (document.dispatchEvent(new CustomEvent('${CONTENT_CHANGED_EVENT}', { cancelable: true }))) reload();
  });
  es.addEventListener('css', (e) => { build = JSON.parse(e.data).build; hide(); swapCss(); });
  es.addEventListener('build-error', (e) => show(JSON.parse(e.data).error));
  addEventListener('pagehide', () => es.close());
})();`;
