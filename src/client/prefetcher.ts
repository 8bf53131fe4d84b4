import type { RouteLoader } from './routeLoader.js';

/** Content chunks loaded in the idle time after a page is shown, at most (see createPrefetcher). */
export const IDLE_CHUNKS_PER_PAGE = 2;

export interface PrefetcherOptions {
  loader: Pick<RouteLoader, 'payload' | 'load' | 'hasRoute'>;
  /** Whether `path` is a route of the site (a path that is not needs a full page load: nothing to prefetch). */
  isRoute(path: string): Promise<boolean>;
  /** Whether anything may be loaded ahead of a click (not on 2g or with data saving, spec §7). */
  allowed(): boolean;
  /** Whether the connection is fast enough to load content chunks in idle time. */
  fast(): boolean;
  /** Runs `task` once the browser is idle. */
  whenIdle(task: () => void): void;
  /** Content chunks per page shown, at most; IDLE_CHUNKS_PER_PAGE by default. */
  idleChunks?: number;
}

const ignore = () => {};

/**
 * Decides what to load ahead of a click, in two steps, so that a first visit downloads little
 * while a route the visitor reaches for is ready when the click comes:
 *
 * - a link that becomes visible gets its route's payload (a small JSON file), in idle time;
 * - a link the visitor shows interest in (hover, focus, press) gets its payload and its content
 *   chunk at once;
 * - on a fast connection, the idle time after a page is shown also loads the content chunks of
 *   up to `idleChunks` of its visible links, in the order they were reported visible (the page's
 *   order, see linkObserver.ts), once their payloads are in. The count starts again with each
 *   page shown, so a visit never loads the chunks of every link in view.
 *
 * Nothing at all is loaded ahead when `allowed()` says no: the click loads the route. Loads go
 * through the route loader, which keeps one request per payload and chunk; failures are left for
 * the click, which shows them.
 */
export function createPrefetcher(options: PrefetcherOptions) {
  const idleChunks = options.idleChunks ?? IDLE_CHUNKS_PER_PAGE;
  /** Counts pages shown, so that what a page's links started does not carry over to the next one. */
  let page = 0;
  let budget = idleChunks;
  let visibleSoFar = 0;
  /** Payload prefetches not settled yet, of any page: the idle batch waits for them. */
  let pending = 0;
  /** Visible routes whose payload is in, with the order their links were reported in. */
  let candidates: Array<{ order: number; path: string }> = [];
  let batchScheduled = false;

  const runBatch = () => {
    batchScheduled = false;
    // The last payload to arrive schedules the batch again.
    if (pending > 0 || !options.allowed() || !options.fast()) return;
    candidates.sort((a, b) => a.order - b.order);
    while (budget > 0 && candidates.length > 0) {
      const { path } = candidates.shift()!;
      if (options.loader.hasRoute(path)) continue;
      budget--;
      options.loader.load(path).catch(ignore);
    }
  };

  const scheduleBatch = () => {
    if (batchScheduled || budget === 0) return;
    batchScheduled = true;
    options.whenIdle(runBatch);
  };

  return {
    /** A link to `path` became visible. */
    visible(path: string): void {
      if (!options.allowed()) return;
      const shownOn = page;
      const order = visibleSoFar++;
      pending++;
      options.whenIdle(() => {
        options
          .isRoute(path)
          .then((isRoute) => isRoute && options.loader.payload(path).then(() => true))
          .then((loaded) => {
            if (loaded && shownOn === page && options.fast()) candidates.push({ order, path });
          }, ignore)
          .finally(() => {
            pending--;
            if (candidates.length > 0) scheduleBatch();
          });
      });
    },

    /** The visitor is likely to follow a link to `path`: hover, focus, pointer or touch press. */
    intent(path: string): void {
      if (!options.allowed()) return;
      options
        .isRoute(path)
        .then((isRoute) => (isRoute ? options.loader.load(path) : null))
        .catch(ignore);
    },

    /** A new page is on screen: its visible links get their own idle chunks. */
    pageShown(): void {
      page++;
      budget = idleChunks;
      candidates = [];
    },
  };
}

export type Prefetcher = ReturnType<typeof createPrefetcher>;
